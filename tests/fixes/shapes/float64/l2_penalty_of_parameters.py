# expect-fix: none: the tensor's dtype is not known: `vector_norm` raises for integer, bool and complex tensors
"""An L2 penalty logged as a number, `sum(torch.sum(p ** 2) for p in params).item()`: the
parameters' dtype is not known, and an integer buffer-like tensor would make the fix raise:
no fix."""
from __future__ import annotations

import torch


def naive(params: list[torch.Tensor]) -> float:
    penalty = sum(torch.sum(p ** 2) for p in params)
    return penalty.item()


def reference(params: list[torch.Tensor]) -> float:
    return sum(float((p.double() ** 2).sum()) for p in params)


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(26)
    return [([torch.randn(3, 3), torch.randn(4)],), ([torch.randn(5) * 1e20],),
            ([torch.tensor([float("nan")])],), ([torch.ones(1)],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.arange(3), torch.ones(2)],)]
