# expect-fix: safe
"""The pieces `torch.split` cuts one tensor into: every piece has the tensor's dtype and device,
so one stack keeps each value exactly."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor, sizes: list[int]) -> list[object]:
    return [piece.sum().item() for piece in torch.split(x, sizes)]


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
