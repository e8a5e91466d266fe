# expect-fix: safe
"""A skip-step check before `optimizer.step()`: are all gradients finite?"""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> bool:
    return bool(torch.isfinite(torch.cat([g.view(-1) for g in grads])).all())


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(37)
    return [([torch.randn(3, 3), torch.randn(2)],), ([torch.tensor([1.0, float("nan")])],),
            ([torch.tensor([float("inf")])],), ([torch.ones(1)],), ([],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.arange(3)],), ([torch.tensor([70000.0]).half(), torch.ones(2)],)]
