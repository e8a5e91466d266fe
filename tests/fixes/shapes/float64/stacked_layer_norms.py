# expect-fix: none: the tensor's dtype is not known: `vector_norm` raises for integer, bool and complex tensors
"""gradient_collector style: per-layer norms stacked, then `(norms ** 2).sum().sqrt()`; the
norms' dtype is not known (the list may hold integers): no fix."""
from __future__ import annotations

import torch


def naive(layer_norms: list[torch.Tensor]) -> float:
    norms = torch.stack(layer_norms)
    total = (norms ** 2).sum().sqrt()
    return total.item()


def reference(layer_norms: list[torch.Tensor]) -> float:
    return float(sum(float(n.double()) ** 2 for n in layer_norms) ** 0.5)


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(3)
    norms = [torch.rand(()) * 10 for _ in range(6)]
    return [(norms,), ([torch.tensor(1e20), torch.tensor(3e20)],), ([torch.tensor(0.0)],),
            ([torch.tensor(float("nan")), torch.tensor(1.0)],), ([],),
            ([torch.tensor(1e-20)] * 3,)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.tensor(3), torch.tensor(4)],), ([torch.tensor(300.0).half()] * 2,)]
