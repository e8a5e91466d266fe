# expect: none
# targets: SYN102
# why: the same helpers called with host values (a list converted by NumPy, a NumPy mask, a CPU tensor) or outside a loop do not sync on the GPU: a parameter test is a sync only where the caller passes a device tensor
import numpy as np
import torch


def has_answer(labels):
    if labels.ne(-100).any():
        return 1
    return 0


def all_valid(mask):
    return 1 if mask.all() else 0


def prepare(rows: list[list[int]]) -> list[int]:
    out = []
    for row in rows:
        out.append(has_answer(torch.tensor(row)))
        out.append(all_valid(np.array(row) != 0))
    return out
