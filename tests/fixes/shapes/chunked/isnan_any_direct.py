# expect-fix: safe
"""`torch.isnan(torch.cat([...])).any().item()`: a bool folded across tensors."""
from __future__ import annotations

import torch


def naive(grads: list[torch.Tensor]) -> bool:
    return torch.isnan(torch.cat([g.flatten() for g in grads])).any().item()


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(14)
    clean = [torch.randn(4, 4), torch.randn(9)]
    dirty = [torch.randn(4, 4), torch.tensor([1.0, float("nan")])]
    return [(clean,), (dirty,), ([torch.tensor([float("inf")])],), ([],)]
