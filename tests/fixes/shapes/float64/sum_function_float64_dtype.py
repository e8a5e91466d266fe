# expect-fix: safe
"""`torch.sum(g.float() ** 2, dtype=torch.float64)`: the sum is float64, the squares are not."""
from __future__ import annotations

import math

import torch


def naive(g: torch.Tensor) -> float:
    squared = torch.sum(g.float() ** 2, dtype=torch.float64)
    return math.sqrt(squared.item())


def reference(g: torch.Tensor) -> float:
    return float((g.double() ** 2).sum()) ** 0.5


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(6)
    return [(torch.randn(17),), (torch.randn(4, 4).half(),), (torch.randn(8) * 1e20,),
            (torch.zeros(3),), (torch.empty(0),), (torch.randn(5, dtype=torch.float64),)]
