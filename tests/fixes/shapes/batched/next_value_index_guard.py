# expect-fix: safe
"""Generalised advantage estimation: the next value is read only where `t + 1` exists."""
from __future__ import annotations

import torch


def naive(values: list[torch.Tensor], last: float) -> list[float]:
    n = len(values)
    nexts = []
    for t in range(n):
        if t == n - 1:
            nexts.append(last)
        else:
            nexts.append(values[t + 1].item())
    return nexts


def inputs() -> list[tuple[list[torch.Tensor], float]]:
    torch.manual_seed(44)
    return [([torch.rand(()) for _ in range(5)], 0.5), ([], 0.0), ([torch.tensor(2.0)], 1.0),
            ([torch.tensor(float("nan")), torch.tensor(float("inf"))], 0.0)]
