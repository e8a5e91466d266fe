# expect-fix: safe
"""Per layer, the norms of its parameters (reduced from a per-module gradient report): the
reads depend only on the loop variables, and the outer body only appends to a fresh list,
so the whole nest is read with one transfer before the outer loop."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> list[list[float]]:
    report = []
    for layer in model.children():
        norms = []
        for p in layer.parameters():
            norms.append(p.norm().item())
        report.append(norms)
    return report


def _model(seed: int, fill: float | None = None) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
    if fill is not None:
        with torch.no_grad():
            model[0].weight.fill_(fill)
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (_model(1, float("nan")),), (_model(2, float("inf")),),
            (nn.Sequential(),), (_model(3).half(),), (nn.Sequential(nn.Linear(1, 1)),)]
