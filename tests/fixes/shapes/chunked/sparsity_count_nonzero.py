# expect-fix: safe
"""Gradient sparsity, `1 - flat.count_nonzero().item() / flat.numel()`: exact counts."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> float:
    flat = torch.cat([g.flatten() for g in grads])
    return 1 - flat.count_nonzero().item() / flat.numel()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(34)
    return [([torch.randn(5, 5) * (torch.rand(5, 5) > 0.5), torch.zeros(4)],),
            ([torch.tensor([float("nan"), 0.0])],), ([torch.ones(1)],), ([],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.tensor([0, 3, 0]), torch.tensor([True, False])],),
            ([torch.zeros(3, dtype=torch.float16), torch.ones(2)],)]
