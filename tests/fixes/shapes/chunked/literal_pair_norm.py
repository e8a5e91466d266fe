# expect-fix: unsafe
"""Two named tensors joined by a literal list, reduced to a float norm."""
from __future__ import annotations

import torch


def naive(a: torch.Tensor, b: torch.Tensor) -> float:
    return float(torch.cat([a.view(-1), b.view(-1)]).norm(2))


def reference(a: torch.Tensor, b: torch.Tensor) -> float:
    return float(((a.double() ** 2).sum() + (b.double() ** 2).sum()) ** 0.5)


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    torch.manual_seed(15)
    return [(torch.randn(3, 3), torch.randn(5)), (torch.randn(2) * 1e20, torch.randn(4)),
            (torch.zeros(1), torch.zeros(2)), (torch.tensor([float("nan")]), torch.ones(1))]


def edge_inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    # `torch.cat` promotes the integer piece; `vector_norm(..., dtype=torch.float64)` raises.
    return [(torch.arange(3), torch.ones(2)), (torch.ones(2, dtype=torch.complex64), torch.ones(1))]
