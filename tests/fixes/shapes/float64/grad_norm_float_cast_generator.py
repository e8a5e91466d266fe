# expect-fix: safe
"""Gradient norm for logging, after lightning's `grad_norm` utility: squared sums of the
gradients cast to float32 (fp16 models too), read with `math.sqrt`."""
from __future__ import annotations

import math

import torch
from torch import nn


def naive(model: nn.Module) -> float:
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    total = sum(g.detach().float().pow(2).sum() for g in grads)
    return math.sqrt(total)


def reference(model: nn.Module) -> float:
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    return math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads))


def _model(scale: float = 1.0, dtype: torch.dtype = torch.float32, poison: str = "") -> nn.Module:
    torch.manual_seed(21)
    model = nn.Sequential(nn.Linear(6, 5), nn.Linear(5, 1)).to(dtype)
    for p in model.parameters():
        p.grad = (torch.randn_like(p.float()) * scale).to(dtype)
    if poison:
        model[0].weight.grad[0, 0] = float(poison)
    return model


def inputs() -> list[tuple[nn.Module]]:
    single = nn.Linear(1, 1, bias=False)
    single.weight.grad = torch.full_like(single.weight, 3.0)
    return [(_model(),), (_model(poison="nan"),), (_model(poison="inf"),), (nn.Linear(2, 2),),
            (single,)]


def edge_inputs() -> list[tuple[nn.Module]]:
    return [(_model(dtype=torch.float16),), (_model(300.0, torch.float16),), (_model(1e20),),
            (_model(1e-20),)]
