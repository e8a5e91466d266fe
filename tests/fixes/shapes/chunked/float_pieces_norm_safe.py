# expect-fix: safe
"""A global gradient norm over float32 copies of the gradients (fp16 models included), read
with `.item()`: per-piece float64 norms, finite where the float32 norm overflowed."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> float:
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    return torch.cat([g.detach().float().flatten() for g in grads]).norm(2).item()


def reference(model: nn.Module) -> float:
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    return sum(float((g.double() ** 2).sum()) for g in grads) ** 0.5


def _model(scale: float = 1.0, dtype: torch.dtype = torch.float32) -> nn.Module:
    torch.manual_seed(35)
    model = nn.Sequential(nn.Linear(5, 7), nn.Linear(7, 2)).to(dtype)
    for p in model.parameters():
        p.grad = (torch.randn_like(p.float()) * scale).to(dtype)
    return model


def inputs() -> list[tuple[nn.Module]]:
    nan = _model()
    nan[0].bias.grad[2] = float("nan")
    return [(_model(),), (nan,), (nn.Linear(2, 2),), (_model(0.0),)]


def edge_inputs() -> list[tuple[nn.Module]]:
    return [(_model(dtype=torch.float16),), (_model(1e20),), (_model(100.0, torch.bfloat16),)]
