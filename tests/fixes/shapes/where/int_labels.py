# expect-fix: unsafe
# max-syncs: 0
"""Shift integer labels when all are zero: int64 in both branches, int64 out."""
from __future__ import annotations

import torch


def naive(labels: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if (labels == 0).all():
        out = labels + 1
    else:
        out = labels
    return out, out.dtype


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.zeros(4, dtype=torch.long),), (torch.arange(4),),
            (torch.empty(0, dtype=torch.long),), (torch.tensor([[0, 0], [0, 0]]),)]
