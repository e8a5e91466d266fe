# expect-fix: none: the loop body rebinds the loop variable the value reads
"""The loop variable is rebound before it is read."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> float:
    total = 0.0
    for t in ts:
        t = t.float().mean()
        total += t.item()
    return total


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(15)
    return [([torch.randn(3) for _ in range(4)],), ([],)]
