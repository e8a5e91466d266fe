# expect-fix: safe
"""Per child module, each parameter's weight norm and, where it has one, its gradient
norm (reduced from per-layer norm logging in Lightning and accelerate): two reads per
parameter, each in a statement of its own, one behind a guard. The nest is read with one
transfer and the values are taken in order."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> list[tuple[float, float | None]]:
    out = []
    for module in model.children():
        for p in module.parameters():
            weight = p.data.norm().item()
            grad = p.grad.norm().item() if p.grad is not None else None
            out.append((weight, grad))
    return out


def _model(seed: int, fill: float | None = None, half: bool = False,
           drop_grad: bool = False) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
    if half:
        model = model.half()
    model(torch.randn(5, 3, dtype=torch.float16 if half else torch.float32)).sum().backward()
    if drop_grad:
        model[0].bias.grad = None
    if fill is not None:
        model[2].weight.data.fill_(fill)
        model[2].weight.grad.fill_(fill)
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (_model(1, float("nan")),), (_model(2, float("-inf")),),
            (_model(3, 1e30),), (_model(4, half=True),), (_model(5, drop_grad=True),),
            (nn.Sequential(),), (nn.Sequential(nn.ReLU(), nn.Sequential()),)]
