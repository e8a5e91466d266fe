# expect-fix: safe
"""Per child module, the sum of its parameters' squared gradient norms, as a generator in
`sum()` guarded by `if p.grad is not None` (a per-layer gradient-norm log): the nest is
read with one transfer, the guard kept, so a parameter without a gradient is never read."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> list[float]:
    out = []
    for module in model.children():
        out.append(sum(p.grad.norm().item() ** 2 for p in module.parameters()
                       if p.grad is not None))
    return out


def _model(seed: int, fill: float | None = None, freeze: bool = False) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
    if freeze:
        model[2].requires_grad_(False)
    model(torch.randn(2, 3)).sum().backward()
    if fill is not None:
        model[0].weight.grad.fill_(fill)
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (_model(1, float("nan")),), (_model(2, 1e20),),
            (_model(3, freeze=True),), (nn.Sequential(),), (nn.Sequential(nn.ReLU()),)]
