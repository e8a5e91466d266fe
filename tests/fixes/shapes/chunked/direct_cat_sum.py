# expect-fix: unsafe
"""`torch.cat([...]).sum()` inline, returned as a tensor. Unsafe: the pieces' dtype is not
known, and a float16 piece summed on its own rounds where `torch.cat` promoted it."""
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


def edge_inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(11)
    mixed = [torch.randn(1000).half(), torch.randn(1000) * 100]
    return [(mixed,), ([torch.ones(70000, dtype=torch.float16), -torch.ones(10, dtype=torch.float16)],),
            ([torch.arange(3, dtype=torch.int32), torch.tensor([True, True])],)]
