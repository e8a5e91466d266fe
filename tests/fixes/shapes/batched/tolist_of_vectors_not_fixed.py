# expect-fix: none: `.tolist()` of tensors that hold several values
"""Rows of values: each `.tolist()` reads a whole tensor, not one value."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> list[float]:
    out: list[float] = []
    for t in ts:
        out.extend(t.tolist())
    return out


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(16)
    return [([torch.randn(3) for _ in range(3)],), ([],)]
