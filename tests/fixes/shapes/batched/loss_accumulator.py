# expect-fix: safe
"""The training-loop classic: `total += loss.item()` per batch."""
from __future__ import annotations

import torch


def naive(losses: list[torch.Tensor]) -> tuple[float, int]:
    total = 0.0
    steps = 0
    for loss in losses:
        total += loss.item()
        steps += 1
    return total, steps


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(3)
    losses = [torch.rand(()) * 4 for _ in range(20)]
    return [(losses,), ([],), ([torch.tensor(0.25)],), ([torch.tensor(1e20), torch.tensor(3.0)],),
            ([torch.tensor(float("inf")), torch.tensor(1.0)],)]
