# expect-fix: unsafe
# max-syncs: 0
"""Flip a vector so that its sum is positive."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if x.sum() > 0:
        y = x
    else:
        y = -x
    return y, y.dtype


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(3)
    return [(torch.randn(6),), (-torch.rand(6),), (torch.tensor([float("nan"), 1.0]),),
            (torch.tensor([float("inf"), -1.0]),), (torch.empty(0),), (torch.arange(-3, 2),)]
