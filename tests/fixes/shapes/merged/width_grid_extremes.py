# expect-fix: none: the dtypes are not known: one stack of an int and a float would turn the int into a float
"""Pin audio rows to the two extremes of a width grid (reduced from diffusers' MiniMax H3
layout step): `float()` of the first and last grid values, inside `torch.full` calls."""
from __future__ import annotations

import torch


def naive(position_ids: torch.Tensor, width_grid: torch.Tensor, n: int) -> torch.Tensor:
    position_ids[:, 2] = torch.cat(
        [
            torch.full((n,), float(width_grid[0]), dtype=torch.float64),
            torch.full((n,), float(width_grid[-1]), dtype=torch.float64),
        ]
    )
    return position_ids


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, int]]:
    return [(torch.zeros(4, 3, dtype=torch.float64), torch.linspace(-1.0, 1.0, 5), 2),
            (torch.zeros(2, 3, dtype=torch.float64), torch.tensor([3]), 1),
            (torch.zeros(2, 3, dtype=torch.float64), torch.arange(4), 1),
            (torch.zeros(2, 3, dtype=torch.float64), torch.tensor([0.1, 0.7]).half(), 1),
            (torch.zeros(2, 3, dtype=torch.float64), torch.empty(0), 1)]
