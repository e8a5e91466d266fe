# expect-fix: none: the dtypes are not known: one stack of an int and a float would turn the int into a float
"""The near and far alignment errors of a depth prediction (reduced from diffusers'
Marigold depth ensembling cost)."""
from __future__ import annotations

import torch


def naive(prediction: torch.Tensor, regularizer_strength: float) -> float:
    cost = 0.0
    err_near = prediction.min().abs().item()
    err_far = (1.0 - prediction.max()).abs().item()
    cost += (err_near + err_far) * regularizer_strength
    return cost


def inputs() -> list[tuple[torch.Tensor, float]]:
    torch.manual_seed(82)
    return [(torch.rand(2, 3), 0.02), (torch.tensor([float("nan"), 0.5]), 1.0),
            (torch.tensor([0.25]), 1.0), (torch.rand(4).half(), 0.5),
            (torch.tensor([float("inf"), 0.0]), 1.0),
            (torch.empty(0), 1.0), (torch.tensor([3, 7]), 1.0)]
