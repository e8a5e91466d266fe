# expect-fix: safe
"""NaN / Inf counts and the range of every gradient: counts and extrema are exact per piece
whatever the pieces' dtypes (integer, bool, float16, mixed)."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> dict[str, float]:
    flat = torch.cat([g.view(-1) for g in grads])
    return {
        "nan": torch.isnan(flat).sum().item(),
        "inf": torch.isinf(flat).sum().item(),
        "min": flat.min().item(),
        "max": flat.max().item(),
    }


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(33)
    poisoned = torch.randn(10)
    poisoned[[1, 4]] = float("nan")
    poisoned[7] = -float("inf")
    return [([torch.randn(3, 3), poisoned],), ([torch.ones(1)],), ([],),
            ([torch.empty(0), torch.randn(2)],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(33)
    return [([torch.arange(-3, 4), torch.tensor([9])],), ([torch.randn(6).half(), torch.randn(3)],),
            ([torch.tensor([60000.0], dtype=torch.float16)],),
            ([torch.tensor([True, False]), torch.tensor([2, 5])],)]
