# expect-fix: none: the tensor's dtype is not known: `vector_norm` raises for integer, bool and complex tensors
"""`torch.dot(v, v).item()` of a flattened tensor: an exact integer for integer tensors (a
token-count histogram), where `vector_norm(..., dtype=torch.float64)` raises: no fix. Named
`g`: SYN301 reports squared sums of gradients and norms only (issue 22)."""
from __future__ import annotations

import torch


def naive(g: torch.Tensor) -> float:
    flat = g.reshape(-1)
    return torch.dot(flat, flat).item()


def reference(g: torch.Tensor) -> float:
    return float((g.double() ** 2).sum())


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(25)
    return [(torch.randn(4, 5),), (torch.randn(3) * 1e20,), (torch.tensor([float("inf")]),),
            (torch.ones(1),)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.arange(6).view(2, 3),)]
