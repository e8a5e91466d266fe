# expect-fix: safe
"""A local alias of the gradient, a None guard on the alias, and an accumulator."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> tuple[float, int]:
    total = 0.0
    counted = 0
    for p in model.parameters():
        g = p.grad
        if g is not None:
            total += g.abs().sum().item()
            counted += 1
    return total, counted


def _model(frozen: tuple[int, ...]) -> nn.Module:
    torch.manual_seed(7)
    model = nn.Sequential(nn.Linear(5, 5), nn.Linear(5, 5))
    for index, p in enumerate(model.parameters()):
        if index not in frozen:
            p.grad = torch.randn_like(p)
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(()),), (_model((1, 2)),), (_model((0, 1, 2, 3)),)]
