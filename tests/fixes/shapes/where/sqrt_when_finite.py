# expect-fix: unsafe
# max-syncs: 0
"""NaN-safe fallback: the branch not taken produces NaN for some inputs, harmlessly."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if torch.isnan(x).any():
        y = torch.nan_to_num(x)
    else:
        y = x.abs().sqrt()
    return y, y.dtype


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(6)
    return [(torch.randn(4),), (torch.tensor([float("nan"), -4.0]),),
            (torch.tensor([float("inf"), 4.0]),), (torch.empty(0),)]
