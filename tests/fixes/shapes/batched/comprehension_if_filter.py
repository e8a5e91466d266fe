# expect-fix: safe
"""Names of parameters holding a NaN: the tensor test is a comprehension's `if`."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> list[str]:
    return [name for name, p in model.named_parameters() if torch.isnan(p).any()]


def _model(poison: tuple[int, ...]) -> nn.Module:
    torch.manual_seed(8)
    model = nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 3))
    with torch.no_grad():
        for index, p in enumerate(model.parameters()):
            if index in poison:
                p.view(-1)[-1] = float("nan")
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(()),), (_model((1,)),), (_model((0, 1, 2, 3)),), (nn.Sequential(),)]
