# expect-fix: unsafe
# max-syncs: 0
"""Replace a NaN loss by zero, else scale it: a select on a 0-d condition."""
from __future__ import annotations

import torch


def naive(loss: torch.Tensor, scale: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if torch.isnan(loss):
        out = torch.zeros_like(loss)
    else:
        out = loss * scale
    return out, out.dtype


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    torch.manual_seed(0)
    return [(torch.randn(()), torch.tensor(2.0)), (torch.tensor(float("nan")), torch.tensor(3.0)),
            (torch.tensor(float("inf")), torch.tensor(0.5)), (torch.tensor(-0.0), torch.tensor(-1.0))]
