# expect-fix: safe
"""Indices of the tensors whose sum is positive: tuple-unpacking an enumerate()."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> list[int]:
    picked = []
    for i, t in enumerate(ts):
        if t.sum() > 0:
            picked.append(i)
    return picked


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(6)
    return [([torch.randn(4) for _ in range(8)],), ([],), ([torch.zeros(3)],),
            ([torch.tensor([float("nan")]), torch.tensor([1e20, -1.0])],)]
