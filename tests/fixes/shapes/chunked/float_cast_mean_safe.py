# expect-fix: safe
"""The same mean with the pieces cast to float32 (`g.float().view(-1)`): the per-piece sums
are float32 sums of the same values, whatever the gradients' dtype."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> float:
    return torch.cat([g.float().view(-1) for g in grads]).mean().item()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(31)
    return [([torch.randn(8, 8), torch.rand(30)],), ([torch.tensor([float("nan"), 1.0])],),
            ([torch.tensor([float("inf"), 1.0])],), ([torch.ones(1)],), ([],),
            ([torch.empty(0), torch.ones(2)],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.ones(70000, dtype=torch.float16)],), ([torch.arange(5), torch.ones(3)],),
            ([torch.full((4,), 2.0, dtype=torch.bfloat16), torch.ones(2)],)]
