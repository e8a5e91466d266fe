# expect-fix: safe
# max-syncs: 3
"""An integer count and a float norm read in one loop: stacked per dtype, the count stays an
exact int."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> tuple[float, float]:
    zeros = 0
    norm_sq = 0.0
    for t in ts:
        zeros += (t == 0).sum().item()
        norm_sq += t.norm().item() ** 2
    return float(zeros), norm_sq


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(17)
    ts = [torch.randn(5) for _ in range(3)]
    ts[0][:2] = 0
    return [(ts,), ([],)]
