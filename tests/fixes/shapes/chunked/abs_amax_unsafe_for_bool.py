# expect-fix: unsafe
"""`torch.cat([...]).abs().amax()` returned as a tensor: per-piece maxima fold exactly and
`torch.cat` of them promotes as the join of the pieces did, but `abs` runs in each piece's
dtype: a bool piece, which `torch.cat` promoted, makes it raise."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> torch.Tensor:
    return torch.cat([g.reshape(-1) for g in grads]).abs().amax()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(36)
    return [([torch.randn(4, 4), torch.randn(3)],), ([torch.tensor([float("nan"), 2.0])],),
            ([torch.tensor([-float("inf")])],), ([torch.ones(1)],), ([],),
            ([torch.empty(0), torch.ones(2)],)]


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(36)
    return [([torch.arange(-5, 2), torch.tensor([3])],), ([torch.randn(5).half(), torch.randn(2)],),
            ([torch.tensor([True, False]), torch.tensor([0, 0])],)]
