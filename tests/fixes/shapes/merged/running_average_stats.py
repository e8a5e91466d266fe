# expect-fix: none: the dtypes are not known: one stack of an int and a float would turn the int into a float
# max-syncs: 1
"""Summary statistics of a momentum buffer for its repr (reduced from diffusers' adaptive
projected guidance): four reductions of one tensor, each read on its own."""
from __future__ import annotations

import torch


def naive(running_average: torch.Tensor) -> dict[str, float]:
    with torch.no_grad():
        stats = {
            "mean": running_average.mean().item(),
            "std": running_average.std().item(),
            "min": running_average.min().item(),
            "max": running_average.max().item(),
        }
    return stats


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(81)
    return [(torch.randn(3, 4),), (torch.tensor([float("nan"), 1.0]),),
            (torch.tensor([float("inf"), 1.0]),), (torch.randn(4).half(),),
            (torch.randn(2, 2, dtype=torch.bfloat16),),
            (torch.tensor([2.5]),), (torch.empty(0),), (torch.tensor([1, 2, 3]),)]
