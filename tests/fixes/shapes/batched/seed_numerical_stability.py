# expect-fix: safe
"""Seed B7-PT-02: four NaN/Inf tests per parameter, two of them behind a grad guard."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> tuple[list[str], list[str], list[str], list[str]]:
    nan_weights: list[str] = []
    inf_weights: list[str] = []
    nan_grads: list[str] = []
    inf_grads: list[str] = []
    for name, param in model.named_parameters():
        # Debug mode only: acceptable cost (the ticket's comment)
        if torch.isnan(param.data).any():
            nan_weights.append(name)
        if torch.isinf(param.data).any():
            inf_weights.append(name)
        if param.grad is not None:
            if torch.isnan(param.grad).any():
                nan_grads.append(name)
            if torch.isinf(param.grad).any():
                inf_grads.append(name)
    return nan_weights, inf_weights, nan_grads, inf_grads


def _model(seed: int, poison: dict[str, float] | None = None,
           no_grad: tuple[str, ...] = ()) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
    for name, p in model.named_parameters():
        if name not in no_grad:
            p.grad = torch.randn_like(p)
    with torch.no_grad():
        for where, value in (poison or {}).items():
            name, _, kind = where.partition(":")
            p = dict(model.named_parameters())[name]
            target = p.grad if kind == "grad" else p.data
            assert target is not None
            target.view(-1)[0] = value
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [
        (_model(0),),
        (_model(1, {"0.weight": float("nan"), "2.bias:grad": float("inf")}),),
        (_model(2, {"0.bias": float("-inf"), "2.weight:grad": float("nan")},
                no_grad=("2.bias",)),),
        (_model(3, {"0.bias:grad": float("nan")}, no_grad=("0.weight",)),),
        (_model(4, {"2.bias": 1e20, "0.weight:grad": 1e20}),),
        (nn.Sequential(),),
        (nn.Linear(1, 1, bias=False),),
    ]
