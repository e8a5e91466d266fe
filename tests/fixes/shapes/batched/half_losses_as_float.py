# expect-fix: safe
"""Float16 losses summed as Python floats, read through `.float()`."""
from __future__ import annotations

import torch


def naive(losses: list[torch.Tensor]) -> float:
    total = 0.0
    for loss in losses:
        total += loss.float().item()
    return total


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(61)
    half = [torch.rand((), dtype=torch.float16) for _ in range(5)]
    return [(half,), ([],), ([torch.tensor(65504.0, dtype=torch.float16)],),
            ([torch.tensor(float("inf"), dtype=torch.float16), torch.tensor(1.0)],),
            ([torch.tensor(3), torch.tensor(2.5, dtype=torch.bfloat16)],)]
