# expect-fix: safe
"""Seed B7-PT-01: float32 squared sums of `.float()` upcasts, read back with `float(...)`."""
from __future__ import annotations

import torch
from torch import nn


def naive(module: nn.Module) -> float | None:
    grads = [p.grad for p in module.parameters() if p.grad is not None]
    if not grads:
        return None
    total_sq = sum(
        (g.float() * g.float()).sum() for g in grads
    )
    return float(total_sq.sqrt().item())


def reference(module: nn.Module) -> float | None:
    grads = [p.grad for p in module.parameters() if p.grad is not None]
    if not grads:
        return None
    return float(sum((g.double() ** 2).sum() for g in grads).sqrt())


def _model(scale: float = 1.0, skip: int = 0, nan: bool = False,
           width: int = 16) -> nn.Module:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, 4))
    for i, p in enumerate(model.parameters()):
        if skip and i % skip == 0:
            continue  # a frozen parameter: no grad
        p.grad = torch.randn_like(p) * scale
    if nan:
        model[0].weight.grad[0, 0] = float("nan")
    return model


def inputs() -> list[tuple[nn.Module]]:
    torch.manual_seed(0)
    no_grads = nn.Linear(3, 3)
    zeros = _model()
    for p in zeros.parameters():
        p.grad = torch.zeros_like(p)
    return [(_model(),), (_model(skip=2),), (_model(scale=1e20),), (_model(scale=1e30),),
            (_model(nan=True),), (no_grads,), (zeros,), (_model(scale=1e-30),),
            (_model(width=8192),)]
