# expect-fix: unsafe
# max-syncs: 0
"""A Python number in the branch taken, the tensor in the other: `torch.where(cond, 0.0, loss)`
gives a tensor where the `if` gave the number (the unsafe difference, on NaN losses)."""
from __future__ import annotations

import torch


def naive(loss: torch.Tensor) -> torch.Tensor | float:
    if torch.isnan(loss):
        clean = 0.0
    else:
        clean = loss
    return clean


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(5)
    return [(torch.randn(()),), (torch.tensor(float("inf")),), (torch.tensor(-0.0),),
            (torch.tensor(3.0, dtype=torch.float64),)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.tensor(float("nan")),)]
