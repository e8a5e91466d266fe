# expect-fix: none: the tensor's dtype is not known: `vector_norm` raises for integer, bool and complex tensors
"""A squared-sum returned as a tensor: a float64 fix would change its dtype, which callers
can see (and the dtype is not known): no fix."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> torch.Tensor | int:
    return sum((g * g).sum() for g in grads)


def reference(grads: list[torch.Tensor]) -> float:
    return sum(float((g.double() ** 2).sum()) for g in grads)


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(7)
    grads = [torch.randn(6, 2), torch.randn(3)]
    return [(grads,), ([],), ([g * 1e20 for g in grads],), ([torch.ones(1)],)]
