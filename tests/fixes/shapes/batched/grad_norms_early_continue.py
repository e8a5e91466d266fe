# expect-fix: safe
"""Skip parameters without gradients with an early `continue`, then read the grad norm."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> list[tuple[str, float]]:
    norms = []
    for name, p in model.named_parameters():
        if p.grad is None:
            continue
        norms.append((name, p.grad.norm().item()))
    return norms


def _model(frozen: tuple[int, ...], scale: float = 1.0) -> nn.Module:
    torch.manual_seed(4)
    model = nn.Sequential(nn.Linear(6, 6), nn.Linear(6, 3))
    for index, p in enumerate(model.parameters()):
        if index not in frozen:
            p.grad = torch.randn_like(p) * scale
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(()),), (_model((0, 3)),), (_model((0, 1, 2, 3)),), (_model((1,), 1e20),)]
