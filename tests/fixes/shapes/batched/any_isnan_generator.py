# expect-fix: unsafe
"""Is there a NaN anywhere? A generator of tensor conditions passed to any()."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> bool:
    return any(torch.isnan(p).any() for p in model.parameters())


def _model(poison: int | None) -> nn.Module:
    torch.manual_seed(5)
    model = nn.Sequential(nn.Linear(3, 5), nn.Linear(5, 1))
    if poison is not None:
        with torch.no_grad():
            list(model.parameters())[poison].view(-1)[0] = float("nan")
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(None),), (_model(0),), (_model(3),), (nn.Sequential(),)]
