# expect-fix: safe
# max-syncs: 1
"""A count (int) and a flag (bool): one int stack, the flag restored with bool()."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[int, bool]:
    positive = (x > 0).sum()
    has_nan = torch.isnan(x).any()
    return positive.item(), has_nan.item()


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(2)
    return [(torch.randn(7),), (torch.tensor([float("nan"), 1.0, -1.0]),),
            (torch.tensor([float("inf")]),), (torch.empty(0),)]
