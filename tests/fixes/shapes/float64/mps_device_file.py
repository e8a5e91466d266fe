# expect-fix: safe
"""A training script that picks Apple's MPS device when it is there: float64 does not exist
on MPS, so the fix computes each norm in float32 on MPS (as the original did) and in
float64 elsewhere."""
from __future__ import annotations

import torch

DEVICE = torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def naive(grads: list[torch.Tensor]) -> float:
    total = sum((g.float() ** 2).sum() for g in grads)
    return float(total) ** 0.5


def reference(grads: list[torch.Tensor]) -> float:
    return sum(float((g.double() ** 2).sum()) for g in grads) ** 0.5


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(28)
    return [([torch.randn(5, device=DEVICE), torch.randn(2, device=DEVICE)],), ([],),
            ([torch.tensor([float("nan")])],), ([torch.full((3,), 1e20)],)]
