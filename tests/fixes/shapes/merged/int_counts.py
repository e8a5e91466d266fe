# expect-fix: unsafe
# max-syncs: 1
"""int() of counts of two masks (maybe on two devices: unsafe): ints stay ints."""
from __future__ import annotations

import torch


def naive(mask: torch.Tensor, other: torch.Tensor) -> tuple[int, int]:
    kept = mask.bool().sum()
    dropped = other.logical_not().sum()
    return int(kept), int(dropped)


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    m = torch.tensor([True, False, True])
    return [(m, m), (torch.zeros(0, dtype=torch.bool), torch.ones(4, dtype=torch.bool))]
