# expect-fix: safe
# max-syncs: 2
"""Two float reads stack together; the int count keeps its own read (three syncs -> two)."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[float, int, float]:
    total = x.float().sum()
    count = (x != 0).sum()
    mean = x.float().mean()
    return total.item(), count.item(), mean.item()


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(3)
    return [(torch.randn(6),), (torch.tensor([float("nan"), 0.0]),),
            (torch.tensor([float("inf"), -1.0]),), (torch.arange(5),), (torch.empty(0),)]
