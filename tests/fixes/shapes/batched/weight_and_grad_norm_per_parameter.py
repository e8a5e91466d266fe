# expect-fix: safe
"""Per parameter, the weight norm and, where there is a gradient, its norm (reduced from
Lightning's and accelerate's per-parameter norm logging): two reads per element, one
behind a guard; the loop takes them in order, so a parameter without a gradient is never
read for one."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> dict[str, tuple[float, float | None]]:
    out: dict[str, tuple[float, float | None]] = {}
    for name, p in model.named_parameters():
        weight = p.data.norm().item()
        grad = p.grad.norm().item() if p.grad is not None else None
        out[name] = (weight, grad)
    return out


def _model(seed: int, fill: float | None = None, half: bool = False,
           freeze: bool = False) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
    if half:
        model = model.half()
    if freeze:
        model[0].bias.requires_grad_(False)
    model(torch.randn(5, 3, dtype=torch.float16 if half else torch.float32)).sum().backward()
    if fill is not None:
        model[2].weight.data.fill_(fill)
        model[2].weight.grad.fill_(fill)
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (_model(1, float("nan")),), (_model(2, float("inf")),),
            (_model(3, 1e30),), (_model(4, half=True),), (_model(5, freeze=True),),
            (nn.Sequential(),), (nn.Sequential(nn.ReLU()),)]
