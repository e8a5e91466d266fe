# expect-fix: safe
"""sum() over float(t) of each tensor: Python sums the host values in order."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> float:
    return sum(float(t) for t in ts)


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(2)
    return [([torch.randn(()) for _ in range(10)],), ([],), ([torch.tensor(1e20)],),
            ([torch.tensor(1e20), torch.tensor(1.0), torch.tensor(-1e20)],),
            ([torch.tensor(float("nan")), torch.tensor(2.0)],)]
