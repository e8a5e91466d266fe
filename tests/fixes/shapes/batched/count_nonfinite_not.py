# expect-fix: safe
"""Count the non-finite gradients with `if not ...all()`."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> int:
    count = 0
    for g in grads:
        if not torch.isfinite(g).all():
            count += 1
    return count


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(10)
    grads = [torch.randn(3, 3) for _ in range(5)]
    grads[1][0, 0] = float("nan")
    grads[4][2, 2] = float("-inf")
    return [(grads,), ([],), ([torch.ones(2)],)]
