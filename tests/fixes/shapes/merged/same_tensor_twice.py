# expect-fix: safe
# max-syncs: 1
"""The same scalar read twice (once as .item(), once as float()): read it once."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[object, float]:
    total = x.sum()
    return total.item(), float(total)


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(8)
    return [(torch.randn(4),), (torch.arange(5),), (torch.tensor([True, True]),),
            (torch.tensor([float("nan")]),), (torch.empty(0),)]
