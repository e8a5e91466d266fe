# expect-fix: unsafe
"""`torch.stack([g.norm() for g in grads]).pow(2).sum().sqrt()` on tensors of unknown dtype:
float16 norms overflow at 65504 (the fix computes them in float64), but a complex tensor,
whose `.norm()` is real, makes `vector_norm(..., dtype=torch.float64)` raise."""
from __future__ import annotations

import math

import torch


def naive(grads: list[torch.Tensor]) -> float:
    return torch.stack([g.norm() for g in grads]).pow(2).sum().sqrt().item()


def reference(grads: list[torch.Tensor]) -> float:
    return math.sqrt(sum(float(g.abs().double().pow(2).sum()) for g in grads))


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(23)
    return [([torch.randn(3, 3), torch.randn(5)],), ([torch.randn(2000).half() * 300],),
            ([torch.tensor([float("nan")])],), ([torch.ones(1)],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.ones(2, dtype=torch.complex64)],)]
