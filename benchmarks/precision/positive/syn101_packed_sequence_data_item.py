# expect: SYN101=1
# why: PackedSequence.data lives where the sequence was packed: per-row .item() syncs
import torch
from torch.nn.utils.rnn import PackedSequence


def first_values(packed: PackedSequence) -> list[float]:
    bs = packed.batch_sizes
    return [packed.data[i].item() for i in range(int(bs[0]))]
