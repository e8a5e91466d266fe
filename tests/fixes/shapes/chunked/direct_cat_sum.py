# expect-fix: safe
"""`torch.cat([...]).sum()` inline, returned as a tensor (its dtype does not change)."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> torch.Tensor:
    return torch.cat([g.view(-1) for g in grads]).sum()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(11)
    grads = [torch.rand(64, 16), torch.rand(300), torch.rand(7, 3)]
    signed = [torch.randn(40), torch.randn(5, 5)]
    ints = [torch.arange(10), torch.arange(6).view(2, 3)]
    return [(grads,), (signed,), (ints,), ([],), ([torch.ones(1)],),
            ([torch.tensor([1.0, float("nan")]), torch.ones(3)],), ([torch.empty(0), torch.ones(2)],)]
