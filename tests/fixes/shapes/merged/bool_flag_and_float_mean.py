# expect-fix: safe
# max-syncs: 1
"""A flag (bool) and a mean (float), no int: the flag rides in the float stack and comes
back through bool()."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[bool, float]:
    has_nan = torch.isnan(x).any().item()
    mean = x.float().mean().item()
    return has_nan, mean


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(6)
    return [(torch.randn(7),), (torch.tensor([float("nan"), 1.0]),),
            (torch.tensor([float("inf"), -1.0]),), (torch.arange(5),), (torch.empty(0),),
            (torch.ones(1, dtype=torch.float16),)]
