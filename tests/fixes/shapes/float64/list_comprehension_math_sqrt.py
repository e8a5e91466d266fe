# expect-fix: none: the tensor's dtype is not known: `vector_norm` raises for integer, bool and complex tensors
"""A list comprehension of `.pow(2).sum()` terms, read with `math.sqrt` (a host read); the
dtype is not known (an integer tensor would make the fix raise): no fix."""
from __future__ import annotations

import math

import torch


def naive(grads: list[torch.Tensor]) -> float:
    total = sum([g.pow(2).sum() for g in grads])
    return math.sqrt(total)


def reference(grads: list[torch.Tensor]) -> float:
    return math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads))


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(1)
    grads = [torch.randn(5, 7), torch.randn(11), torch.randn(3, 2, 2)]
    return [(grads,), ([],), ([torch.randn(4)],), ([g * 1e20 for g in grads],),
            ([torch.zeros(6), torch.full((3,), 2.5e19)],), ([torch.tensor([float("inf")])],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(1)
    return [([torch.arange(5), torch.tensor([3])],), ([torch.randn(8).half()],),
            ([torch.tensor([float("nan"), 1.0])],), ([torch.empty(0)],)]
