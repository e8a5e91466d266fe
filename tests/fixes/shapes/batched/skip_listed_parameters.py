# expect-fix: safe
"""The largest absolute weight per parameter, skipping names in an exclusion list."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module, skip: list[str]) -> dict[str, float]:
    stats = {}
    for name, p in model.named_parameters():
        if name in skip:
            continue
        stats[name] = p.abs().max().item()
    return stats


def _model(seed: int) -> nn.Module:
    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(3, 3), nn.Linear(3, 1))


def inputs() -> list[tuple[nn.Module, list[str]]]:
    nan = _model(1)
    with torch.no_grad():
        nan[0].weight[0, 0] = float("nan")
    return [(_model(0), ["0.bias"]), (nan, []), (_model(2), ["0.weight", "0.bias", "1.weight",
                                                             "1.bias"]),
            (nn.Sequential(), []), (_model(3).half(), ["1.bias"])]
