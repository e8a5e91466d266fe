# expect-fix: safe
"""Per-parameter gradient norms of a given order, keyed like a logger expects, only for
parameters with a gradient (reduced from Lightning's `grad_norm`)."""
from __future__ import annotations

import torch
from torch import nn


def naive(module: nn.Module, norm_type: float) -> dict[str, float]:
    return {
        f"grad_{norm_type}_norm/{name}": p.grad.data.norm(norm_type).item()
        for name, p in module.named_parameters()
        if p.grad is not None
    }


def _model(seed: int, grads: tuple[int, ...], fill: float | None = None,
           half: bool = False) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Sequential(nn.Linear(3, 4), nn.Linear(4, 2))
    if half:
        model = model.half()
    for index, p in enumerate(model.parameters()):
        if index in grads:
            p.grad = torch.randn_like(p) if fill is None else torch.full_like(p, fill)
    return model


def inputs() -> list[tuple[nn.Module, float]]:
    return [(_model(0, (0, 1, 2, 3)), 2.0), (_model(1, (1, 3)), 1.0),
            (_model(2, (0,), float("nan")), 2.0), (_model(3, (2,), float("inf")), 2.0),
            (_model(4, ()), 2.0), (_model(5, (0, 2), half=True), 2.0)]
