# expect-fix: unsafe
"""`sum(p.grad.norm() ** 2 for p in params if p.grad is not None)` then `float(...) ** 0.5`."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> float:
    params = list(model.parameters())
    total = sum(p.grad.norm() ** 2 for p in params if p.grad is not None)
    return float(total) ** 0.5


def reference(model: nn.Module) -> float:
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    return sum(float((g.double() ** 2).sum()) for g in grads) ** 0.5


def _model(scale: float, half_frozen: bool = False) -> nn.Module:
    torch.manual_seed(5)
    model = nn.Sequential(nn.Conv1d(2, 3, 3), nn.Flatten(), nn.Linear(3, 1))
    for i, p in enumerate(model.parameters()):
        if half_frozen and i % 2:
            continue
        p.grad = torch.randn_like(p) * scale
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(1.0),), (_model(1.0, half_frozen=True),), (_model(1e20),),
            (_model(1e25, half_frozen=True),), (nn.Linear(1, 1),)]


def edge_inputs() -> list[tuple[nn.Module]]:
    # `vector_norm(..., dtype=torch.float64)` raises for complex gradients.
    torch.manual_seed(5)
    model = nn.Linear(3, 2, dtype=torch.complex64)
    for p in model.parameters():
        p.grad = torch.randn_like(p)
    half = _model(1.0).half()
    for p in half.parameters():
        p.grad = torch.randn_like(p) * 300
    return [(model,), (half,)]
