# expect-fix: unsafe
# max-syncs: 0
"""Combine two masks with `and` or `or` depending on a flag tensor."""
from __future__ import annotations

import torch


def naive(strict: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if strict:
        m = a & b
    else:
        m = a | b
    return m, m.dtype


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, torch.Tensor]]:
    a = torch.tensor([True, False, True, False])
    b = torch.tensor([True, True, False, False])
    e = torch.zeros(0, dtype=torch.bool)
    return [(torch.tensor(True), a, b), (torch.tensor(False), a, b), (torch.tensor(True), e, e)]
