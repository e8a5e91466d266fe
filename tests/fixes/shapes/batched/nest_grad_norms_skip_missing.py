# expect-fix: safe
"""Per child module, the gradient norm of each parameter that has one (reduced from
Lightning's `grad_norm` and accelerate's per-module gradient logging): the inner loop
skips parameters without a gradient with `continue`; the first pass keeps that guard, so
a parameter the loop skips is never read."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> dict[str, list[float]]:
    norms: dict[str, list[float]] = {}
    for name, child in model.named_children():
        values = []
        for p in child.parameters():
            if p.grad is None:
                continue
            values.append(p.grad.norm(2).item())
        norms[name] = values
    return norms


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
        model[2].weight.grad.fill_(fill)
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (_model(1, float("nan")),), (_model(2, float("inf")),),
            (_model(3, 1e30),), (_model(4, half=True),), (_model(5, freeze=True),),
            (nn.Sequential(),), (nn.Sequential(nn.Linear(1, 1)),)]
