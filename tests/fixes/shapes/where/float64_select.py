# expect-fix: unsafe
# max-syncs: 0
"""A float64 statistic replaced by its running value when it is not finite."""
from __future__ import annotations

import torch


def naive(stat: torch.Tensor, running: torch.Tensor) -> tuple[torch.Tensor, torch.dtype]:
    if torch.isfinite(stat):
        value = stat * 0.9 + running * 0.1
    else:
        value = running * 1.0
    return value, value.dtype


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    r = torch.tensor(2.0, dtype=torch.float64)
    return [(torch.tensor(1.0, dtype=torch.float64), r),
            (torch.tensor(float("nan"), dtype=torch.float64), r),
            (torch.tensor(float("-inf"), dtype=torch.float64), r)]
