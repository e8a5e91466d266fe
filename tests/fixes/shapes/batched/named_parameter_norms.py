# expect-fix: safe
"""Per-parameter norms into a dict, keyed by name."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> dict[str, float]:
    stats = {}
    for name, t in model.named_parameters():
        stats[name] = t.norm().item()
    return stats


def _model(seed: int, scale: float = 1.0) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
    with torch.no_grad():
        for p in model.parameters():
            p.mul_(scale)
    return model


def inputs() -> list[tuple[nn.Module]]:
    nan_model = _model(1)
    with torch.no_grad():
        nan_model[0].weight[0, 0] = float("nan")
    return [(_model(0),), (_model(2, 1e-30),), (_model(3, 1e15),), (nan_model,),
            (nn.Sequential(),)]
