# expect-fix: safe
"""Mean of every state_dict entry (int64 buffers included, hence the .float())."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> dict[str, float]:
    means = {}
    for key, value in model.state_dict().items():
        means[key] = value.float().mean().item()
    return means


def _model(seed: int) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(4, 4), nn.BatchNorm1d(4), nn.Linear(4, 2))
    model(torch.randn(8, 4))
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (_model(1),), (nn.Sequential(),)]
