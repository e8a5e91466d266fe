# expect-fix: safe
# max-syncs: 1
"""A bfloat16 and a float32 sum: stacking promotes exactly, the floats are unchanged."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> list[float]:
    coarse = x.bfloat16().sum()
    fine = x.float().sum()
    return [coarse.item(), fine.item()]


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(5)
    return [(torch.randn(10),), (torch.tensor([1.0 / 3.0, 1e30]),),
            (torch.tensor([float("inf"), float("-inf")]),), (torch.empty(0),)]
