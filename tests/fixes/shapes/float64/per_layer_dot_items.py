# expect-fix: none: the tensor's dtype is not known: `vector_norm` raises for integer, bool and complex tensors
"""Per-layer squared norms as `torch.dot(g, g)`, each read with `.item()`; the dtype is not
known (an integer tensor would make the fix raise): no fix."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> list[float]:
    return [torch.dot(g.reshape(-1), g.reshape(-1)).item() for g in grads]


def reference(grads: list[torch.Tensor]) -> list[float]:
    return [float((g.double() ** 2).sum()) for g in grads]


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(4)
    grads = [torch.randn(3, 4), torch.randn(9), torch.zeros(2)]
    return [(grads,), ([],), ([g * 1e20 for g in grads],), ([torch.randn(1)],),
            ([torch.tensor([float("-inf"), 1.0])],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(4)
    return [([torch.arange(6)],), ([torch.randn(5).half() * 300],), ([torch.empty(0)],)]
