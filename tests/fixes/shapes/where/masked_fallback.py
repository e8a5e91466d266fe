# expect-fix: unsafe
# max-syncs: 0
"""Use the masked activations when any are active, else a fallback of the same shape."""
from __future__ import annotations

import torch


def naive(a: torch.Tensor, b: torch.Tensor, m: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if m.any():
        out = a * m
    else:
        out = b
    return out, out.dtype


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, torch.Tensor]]:
    torch.manual_seed(5)
    a, b = torch.randn(2, 3), torch.randn(2, 3)
    on = (torch.rand(2, 3) > 0.5).float()
    nan = torch.full((2, 3), float("nan"))
    return [(a, b, on), (a, b, torch.zeros(2, 3)), (nan, b, on), (torch.empty(0, 3),
            torch.empty(0, 3), torch.empty(0, 3))]
