# expect-fix: unsafe
# max-syncs: 0
"""Zero a gradient that has a non-finite element, else keep it."""
from __future__ import annotations

import torch


def naive(g: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if ~torch.isfinite(g).all():
        clean = torch.zeros_like(g)
    else:
        clean = g
    return clean, clean.dtype


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(2)
    return [(torch.randn(3, 4),), (torch.tensor([1.0, float("nan")]),),
            (torch.tensor([float("-inf")]),), (torch.empty(0),), (torch.empty(2, 0),)]
