# expect-fix: unsafe
"""Are all gradients finite? all() over a generator, on a list of grads."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> bool:
    return all(torch.isfinite(g).all() for g in grads)


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(1)
    bad = [torch.randn(4, 4), torch.randn(3), torch.randn(2, 2)]
    bad[1][0] = float("inf")
    return [([torch.randn(5), torch.randn(2, 3)],), (bad,), ([],), ([torch.zeros(1)],),
            ([torch.full((3,), 1e20)],)]
