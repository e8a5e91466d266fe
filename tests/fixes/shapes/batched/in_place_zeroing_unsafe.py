# expect-fix: unsafe
"""Zero NaN gradients in place: the body modifies tensors, so the fix cannot be proven."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> list[torch.Tensor | None]:
    for p in model.parameters():
        if p.grad is not None and torch.isnan(p.grad).any():
            p.grad.zero_()
    return [p.grad for p in model.parameters()]


def _model(seed: int) -> nn.Module:
    torch.manual_seed(seed)
    model = nn.Linear(3, 3)
    model.weight.grad = torch.randn(3, 3)
    model.weight.grad[0, 0] = float("nan")
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model(0),), (nn.Linear(2, 1),)]
