# expect-fix: safe
# max-syncs: 2
"""Iterating what `torch.sort` returns: the sorted values and their int64 indices, two
tensors of different dtypes (not the rows of one tensor)."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> list[object]:
    pair = torch.sort(x)
    return [t.sum().item() for t in pair]


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(44)
    return [
        (torch.randn(6),),
        (torch.tensor([1.5, 1.5, 2.0]),),
        (torch.tensor([True, False, True]),),
        (torch.tensor([2**40, 2**40, 5]),),
        (torch.tensor([0.5]).half(),),
    ]
