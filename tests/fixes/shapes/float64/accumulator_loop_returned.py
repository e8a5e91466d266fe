# expect-fix: none: the squared norm stays a tensor of the original dtype, where it overflows as before
"""`total += p.grad.data.norm(2) ** 2` over `model.parameters()` with an early `continue`;
the result is returned as a tensor: in float64 its dtype would change, cast back to float32
it overflows as before, so there is no fix."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> torch.Tensor | float:
    total = 0.0
    for p in model.parameters():
        if p.grad is None:
            continue
        total += p.grad.data.norm(2) ** 2
    return total ** 0.5


def reference(model: nn.Module) -> float:
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    return sum(float((g.double() ** 2).sum()) for g in grads) ** 0.5


def _model(scale: float, frozen: bool = False) -> nn.Module:
    torch.manual_seed(2)
    model = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 2))
    for p in model.parameters():
        p.grad = torch.randn_like(p) * scale
    if frozen:
        model[0].weight.grad = None
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(1.0),), (_model(1.0, frozen=True),), (_model(1e20),), (_model(3e19),),
            (nn.Linear(2, 2),), (_model(0.0),)]
