# expect-fix: none: the loop stops early; the fix would read elements it never reaches
"""Return the name of the first gradient with a NaN, skipping parameters without one."""
from __future__ import annotations

import torch
from torch import nn


def naive(model: nn.Module) -> str | None:
    for name, p in model.named_parameters():
        if p.grad is None:
            continue
        if torch.isnan(p.grad).any():
            return name
    return None


def _model(frozen: tuple[int, ...], poison: tuple[int, ...]) -> nn.Module:
    torch.manual_seed(18)
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 4))
    for index, p in enumerate(model.parameters()):
        if index not in frozen:
            p.grad = torch.randn_like(p)
            if index in poison:
                p.grad.view(-1)[0] = float("nan")
    return model


def inputs() -> list[tuple[nn.Module]]:
    return [(_model((), ()),), (_model((), (2, 3)),), (_model((0, 1), (1, 3)),),
            (_model((0, 1, 2, 3), ()),), (nn.Sequential(),)]
