# expect-fix: safe
"""Two values per element, each cast in the code (`.to(torch.float32)`, `.double()`):
every value is floating, so one stack of float32 and float64 keeps each exactly."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> tuple[float, list[float]]:
    total = 0.0
    peaks = []
    for t in ts:
        total += t.to(torch.float32).mean().item()
        peaks.append(t.double().abs().max().item())
    return total, peaks


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(46)
    return [
        ([torch.randn(3) for _ in range(4)],),
        ([],),
        ([torch.tensor([2**53 + 1, 3])],),
        ([torch.tensor([True, False]), torch.tensor([0.1, 65504.0]).half()],),
        ([torch.tensor([float("nan"), 1.0]), torch.tensor([float("inf")])],),
        ([torch.arange(5, dtype=torch.int32)],),
    ]
