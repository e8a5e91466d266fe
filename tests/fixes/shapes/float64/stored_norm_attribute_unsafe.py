# expect-fix: safe
"""A norm kept on an object for later clipping: `state.last_norm = (g.float() ** 2).sum()
.sqrt()` is computed in float64 and handed back as float32, the dtype the rest of the
program sees (finite where the float32 squares overflowed)."""
from __future__ import annotations

import types

import torch


def naive(g: torch.Tensor) -> torch.Tensor:
    state = types.SimpleNamespace()
    state.last_norm = (g.float() ** 2).sum().sqrt()
    return state.last_norm


def reference(g: torch.Tensor) -> float:
    return float((g.double() ** 2).sum()) ** 0.5


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(27)
    return [(torch.randn(10),), (torch.randn(4) * 1e20,), (torch.empty(0),), (torch.ones(1),)]
