# expect-fix: safe
"""Largest absolute value per parameter, in a dict comprehension."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> dict[str, float]:
    return {name: p.abs().max().item() for name, p in model.named_parameters()}


def inputs() -> list[tuple[nn.Module]]:
    torch.manual_seed(9)
    big = nn.Linear(3, 2)
    with torch.no_grad():
        big.bias.fill_(1e20)
    return [(nn.Linear(4, 3),), (big,), (nn.Sequential(),)]
