# expect-fix: unsafe
# max-syncs: 0
"""A gradient-clipping coefficient: max_norm / norm when the norm is too large."""
from __future__ import annotations

import torch


def naive(grad: torch.Tensor, max_norm: float) -> tuple[torch.Tensor, torch.dtype]:
    norm = torch.linalg.vector_norm(grad)
    if norm > max_norm:
        coef = max_norm / norm
    else:
        coef = torch.ones_like(norm)
    return coef, coef.dtype


def inputs() -> list[tuple[torch.Tensor, float]]:
    torch.manual_seed(1)
    return [(torch.randn(10), 1.0), (torch.randn(10), 100.0), (torch.tensor([float("inf")]), 1.0),
            (torch.tensor([float("nan"), 1.0]), 1.0), (torch.empty(0), 1.0)]
