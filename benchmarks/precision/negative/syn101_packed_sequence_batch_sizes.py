# expect: none
# targets: SYN101
# why: PackedSequence.batch_sizes is a CPU tensor (torch documents it); reading it is no sync
import torch
from torch.nn.utils.rnn import PackedSequence


def seq_lengths(packed: PackedSequence) -> list[int]:
    bs = packed.batch_sizes
    return [bs[i - 1].item() - bs[i].item() for i in range(1, len(bs))]


def step_sizes(packed: PackedSequence) -> list[int]:
    sizes = []
    for t in range(len(packed.batch_sizes)):
        sizes.append(int(packed.batch_sizes[t].item()))
    return sizes
