# expect-fix: safe
"""Consecutive reads of a tensor's min and max; its dtype is not known, but both have it
(and its device), so one stack keeps each value and its Python type."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[object, object]:
    low = x.min()
    high = x.max()
    lo = low.item()
    hi = high.item()
    return lo, hi


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(1)
    return [(torch.randn(5),), (torch.tensor([1.0, float("nan")]),),
            (torch.tensor([float("-inf"), 2.0]),), (torch.arange(6),), (torch.empty(0),)]
