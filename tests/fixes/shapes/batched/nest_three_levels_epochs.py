# expect-fix: safe
"""Three loops (repeats, layers, parameters) whose innermost reads depend on the loop
variables only: one transfer for all three levels."""
from __future__ import annotations

import torch


def naive(layers: list[list[torch.Tensor]], repeats: int) -> list[float]:
    seen = []
    for _ in range(repeats):
        for layer in layers:
            for t in layer:
                seen.append(t.abs().max().item())
    return seen


def inputs() -> list[tuple[list[list[torch.Tensor]], int]]:
    torch.manual_seed(13)
    return [([[torch.randn(3), torch.randn(2)], [torch.randn(4)]], 2), ([], 3),
            ([[torch.randn(2)]], 0), ([[torch.tensor([float("nan")])]], 1),
            ([[torch.tensor([1.0, -4.0], dtype=torch.float16)]], 2),
            ([[torch.tensor([1, -4]), torch.tensor([2.5])], [torch.tensor([True])]], 2)]
