# expect-fix: unsafe
# max-syncs: 1
"""float() of two integer sums of two tensors (maybe on two devices: unsafe); stacked as
ints, converted with float() afterwards."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor, y: torch.Tensor) -> tuple[float, float]:
    a = x.long().sum()
    b = y.long().sum()
    return float(a), float(b)


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    big = torch.tensor([2**53 + 1, 3], dtype=torch.int64)
    return [(torch.arange(4), torch.arange(3)), (big, -big), (torch.empty(0), torch.empty(0))]
