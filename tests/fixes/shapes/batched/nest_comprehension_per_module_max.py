# expect-fix: safe
"""Per child module, the largest absolute value of each parameter, as a list comprehension
in the outer loop (a weight-statistics report): the comprehension is the inner loop of the
nest, and the whole nest is read with one transfer."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> dict[str, list[float]]:
    stats = {}
    for name, module in model.named_children():
        stats[name] = [p.abs().max().item() for p in module.parameters()]
    return stats


def _model(seed: int, fill: float | None = None, half: bool = False) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 2, bias=False))
    if fill is not None:
        with torch.no_grad():
            model[2].weight[0, 0] = fill
    return model.half() if half else model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (_model(1, float("nan")),), (_model(2, float("-inf")),),
            (_model(3, half=True),), (nn.Sequential(),), (nn.Sequential(nn.ReLU()),),
            (nn.Sequential(nn.Linear(1, 1)).double(),)]
