# expect: none
# targets: SYN101
# why: `pad_sequence` of CPU tensors (built from Python lists in a collate function) is a CPU tensor: reading its rows in a loop copies nothing from a device
import torch
from torch.nn.utils.rnn import pad_sequence


def collate(samples: list[list[int]]) -> list[list[int]]:
    padded = pad_sequence([torch.tensor(s) for s in samples], batch_first=True)
    rows = []
    for row in padded:
        rows.append(row.tolist())
    return rows
