# expect-fix: safe
"""Total norm from per-tensor norms, `torch.stack([...]).pow(2).sum().sqrt()`: each norm is
itself computed in float64 by the fix, so a float32 norm that overflows on its own is no
longer one."""
from __future__ import annotations

import math

import torch


def naive(grads: list[torch.Tensor]) -> float:
    return torch.stack([g.float().norm() for g in grads]).pow(2).sum().sqrt().item()


def reference(grads: list[torch.Tensor]) -> float:
    return math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads))


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(22)
    grads = [torch.randn(4, 4), torch.randn(9)]
    return [(grads,), ([],), ([torch.tensor([2.0])],), ([torch.tensor([float("nan"), 1.0])],),
            ([torch.tensor([float("inf")]), torch.ones(2)],), ([torch.empty(0), torch.ones(3)],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(22)
    return [([torch.full((1000,), 2e37), torch.ones(3)],), ([torch.arange(4), torch.ones(2)],),
            ([torch.randn(50).half() * 1e3],), ([torch.full((3,), 1e-25)],)]
