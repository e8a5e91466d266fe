# expect-fix: safe
"""Total norm from a named list of per-tensor norms (`norms = [...]`, then
`torch.stack(norms).pow(2).sum().sqrt()`): the list is read only by the join, so its norms
are computed in float64 too; a float32 norm that overflows on its own is no longer one."""
from __future__ import annotations

import math

import torch


def naive(grads: list[torch.Tensor]) -> float:
    norms = [g.float().norm() for g in grads]
    return torch.stack(norms).pow(2).sum().sqrt().item()


def reference(grads: list[torch.Tensor]) -> float:
    return math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads))


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(23)
    return [([torch.randn(4, 4), torch.randn(9)],), ([],), ([torch.tensor([2.0])],),
            ([torch.tensor([float("nan"), 1.0])],), ([torch.tensor([float("inf")])],),
            ([torch.full((4,), 1e20), torch.ones(2)],), ([torch.randn(8).half() * 1e3],),
            ([torch.arange(4), torch.ones(2)],), ([torch.full((3,), 1e-25)],)]
