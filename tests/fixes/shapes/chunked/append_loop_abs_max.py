# expect-fix: unsafe
"""A list filled by `.append(...)` over `model.parameters()` with a None guard, then max |g|."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> torch.Tensor:
    flats = []
    for p in model.parameters():
        if p.grad is not None:
            flats.append(p.grad.detach().reshape(-1))
    flat = torch.cat(flats)
    return flat.abs().max()


def _model(frozen: bool = False, poison: str = "") -> nn.Module:
    torch.manual_seed(12)
    model = nn.Sequential(nn.Linear(10, 20), nn.Linear(20, 3))
    for p in model.parameters():
        p.grad = torch.randn_like(p)
    if frozen:
        model[1].weight.grad = None
    if poison:
        model[1].bias.grad[0] = float(poison)
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(),), (_model(frozen=True),), (_model(poison="nan"),),
            (_model(poison="-inf"),), (nn.Linear(2, 2),)]


def edge_inputs() -> list[tuple[nn.Module]]:
    # A gradient of another dtype than its parameter (allowed by `grad_dtype = None`): `abs`
    # of a bool piece raises where `torch.cat` promoted it with the others.
    model = nn.Linear(1, 1)
    model.weight.grad_dtype = None
    model.weight.grad = torch.tensor([[True]])
    model.bias.grad = torch.ones(1)
    return [(model,)]
