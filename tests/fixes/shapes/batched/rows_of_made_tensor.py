# expect-fix: safe
"""The rows of a tensor the function makes itself: every row has the tensor's dtype and device,
so one stack keeps each value exactly."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor, sizes: list[int]) -> list[object]:
    table = x.reshape(len(sizes), -1) if sizes else x.reshape(0, 1)
    rows = torch.cumsum(table, dim=1)
    firsts = []
    for row in rows:
        firsts.append(row[0].item())
    return firsts


def inputs() -> list[tuple[torch.Tensor, list[int]]]:
    torch.manual_seed(45)
    return [
        (torch.randn(6), [2, 2, 2]),
        (torch.arange(6) + 2**53, [3, 3]),
        (torch.tensor([True, False, True, True]), [2, 2]),
        (torch.tensor([0.5, float("nan"), 65504.0, 1.0]).half(), [2, 2]),
        (torch.zeros(0), []),
        (torch.tensor([7]), [1]),
    ]
