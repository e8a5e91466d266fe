# expect-fix: unsafe
# max-syncs: 0
"""Damp a loss above a threshold by a Python factor."""
from __future__ import annotations

import torch


def naive(loss: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if loss > 10:
        weighted = loss * 0.1
    else:
        weighted = loss * 1.0
    return weighted, weighted.dtype


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.tensor(3.0),), (torch.tensor(30.0),), (torch.tensor(float("inf")),),
            (torch.tensor(float("nan")),), (torch.tensor(12.0, dtype=torch.float64),)]
