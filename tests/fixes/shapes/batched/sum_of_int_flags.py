# expect-fix: safe
"""How many gradients have a NaN: sum() of int() of a bool tensor per element."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> int:
    return sum(int(torch.isnan(g).any()) for g in grads)


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(11)
    grads = [torch.randn(4) for _ in range(6)]
    grads[0][1] = float("nan")
    grads[5][0] = float("nan")
    return [(grads,), ([],), ([torch.tensor([float("nan")])],)]
