# expect-fix: unsafe
"""A gradient sum logged as a number over a mixed-precision model (float16 weights, float32
norms): `torch.cat` promotes to float32, a float16 piece summed on its own rounds."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> float:
    flat = torch.cat([p.grad.view(-1) for p in model.parameters()])
    return flat.sum().item()


def _model(half: bool) -> nn.Module:
    torch.manual_seed(32)
    model = nn.Sequential(nn.Linear(20, 30), nn.LayerNorm(30))
    if half:
        model[0].half()
    for p in model.parameters():
        p.grad = torch.rand_like(p) * 10
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(half=False),)]


def edge_inputs() -> list[tuple[nn.Module]]:
    return [(_model(half=True),)]
