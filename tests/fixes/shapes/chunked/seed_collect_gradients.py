# expect-fix: unsafe
"""Seed B7-PT-03: one flat copy of every gradient, then counts, a zero ratio and a norm."""
from __future__ import annotations

import torch
from torch import nn


def naive(seed_module: nn.Module) -> dict[str, float]:
    grads = [p.grad for p in seed_module.parameters() if p.grad is not None]
    if not grads:
        return {}
    # For models with 100M+ params, this could spike VRAM
    all_grads_flat = torch.cat([g.view(-1) for g in grads])
    total = all_grads_flat.numel()
    nan_count = torch.isnan(all_grads_flat).sum().item()
    inf_count = torch.isinf(all_grads_flat).sum().item()
    zero_ratio = (all_grads_flat == 0).sum().item() / total
    grad_norm = all_grads_flat.norm(2).item()
    return {
        "nan_count": nan_count,
        "inf_count": inf_count,
        "zero_ratio": zero_ratio,
        "grad_norm": grad_norm,
    }


def reference(seed_module: nn.Module) -> dict[str, float]:
    grads = [p.grad for p in seed_module.parameters() if p.grad is not None]
    norm = sum(float((g.double() ** 2).sum()) for g in grads) ** 0.5
    return {"grad_norm": norm}


def _model(scale: float = 1.0, frozen: bool = False, poison: str = "",
           width: int = 32) -> nn.Module:
    torch.manual_seed(10)
    model = nn.Sequential(nn.Linear(16, width), nn.ReLU(), nn.Linear(width, 8))
    for p in model.parameters():
        p.grad = torch.randn_like(p) * scale
    model[2].bias.grad[:3] = 0.0
    if frozen:
        model[0].bias.grad = None
    if poison:
        model[0].weight.grad[1, 2] = float(poison)
        model[2].weight.grad[0, 0] = float(poison)
    return model


def inputs() -> list[tuple[nn.Module]]:
    zeros = _model()
    for p in zeros.parameters():
        p.grad = torch.zeros_like(p)
    return [(_model(),), (_model(frozen=True),), (_model(poison="nan"),),
            (_model(poison="inf"),), (_model(scale=1e20),), (zeros,), (nn.Linear(2, 2),),
            (_model(width=4096),)]


def edge_inputs() -> list[tuple[nn.Module]]:
    # Complex gradients: `vector_norm(..., dtype=torch.float64)` raises where `.norm(2)` did not.
    torch.manual_seed(10)
    model = nn.Linear(3, 2, dtype=torch.complex64)
    for p in model.parameters():
        p.grad = torch.randn_like(p)
    return [(model,)]
