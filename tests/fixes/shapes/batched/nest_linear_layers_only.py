# expect-fix: safe
"""Per linear layer, the norm of each of its parameters (reduced from per-layer weight
statistics in Lightning callbacks): the inner loop sits under `if isinstance(module,
nn.Linear):`, which the first pass keeps as a filter, so other modules are never read."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> list[float]:
    norms = []
    for module in model.modules():
        if isinstance(module, nn.Linear):
            for p in module.parameters():
                norms.append(p.norm().item())
    return norms


def _model(seed: int, fill: float | None = None, half: bool = False) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 4), nn.LayerNorm(4), nn.Sequential(nn.Linear(4, 2)))
    if half:
        model = model.half()
    if fill is not None:
        with torch.no_grad():
            model[2][0].weight.fill_(fill)
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (_model(1, float("nan")),), (_model(2, float("inf")),),
            (_model(3, 1e30),), (_model(4, half=True),), (nn.Sequential(),),
            (nn.Sequential(nn.ReLU(), nn.LayerNorm(2)),)]
