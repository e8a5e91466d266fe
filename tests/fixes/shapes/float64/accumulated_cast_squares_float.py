# expect-fix: safe
"""A loop accumulating `(p.grad.float() ** 2).sum()` into a Python float accumulator, read
with `float(...)` once: the float64 terms never leave the function as tensors."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> float:
    total = 0.0
    for p in model.parameters():
        if p.grad is not None:
            total += (p.grad.float() ** 2).sum()
    return float(total) ** 0.5


def reference(model: nn.Module) -> float:
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    return sum(float((g.double() ** 2).sum()) for g in grads) ** 0.5


def _model(scale: float = 1.0, dtype: torch.dtype = torch.float32) -> nn.Module:
    torch.manual_seed(24)
    model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2)).to(dtype)
    for p in model.parameters():
        p.grad = (torch.randn_like(p.float()) * scale).to(dtype)
    return model


def inputs() -> list[tuple[nn.Module]]:
    nan = _model()
    nan[2].bias.grad[0] = float("nan")
    return [(_model(),), (nan,), (nn.Linear(2, 2),), (_model(0.0),)]


def edge_inputs() -> list[tuple[nn.Module]]:
    return [(_model(dtype=torch.bfloat16),), (_model(1e25),), (_model(dtype=torch.float16),)]
