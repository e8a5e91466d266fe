# expect-fix: none: the read runs only where a tensor condition holds, and may raise elsewhere
"""The position of the first EOS token per row, -1 for rows without one."""
from __future__ import annotations

import torch


def naive(ids: list[torch.Tensor], eos: int) -> list[int]:
    positions = []
    for row in ids:
        if (row == eos).any():
            positions.append((row == eos).nonzero()[0].item())
        else:
            positions.append(-1)
    return positions


def inputs() -> list[tuple[list[torch.Tensor], int]]:
    return [([torch.tensor([5, 2, 9]), torch.tensor([1, 1, 1])], 2), ([], 2)]
