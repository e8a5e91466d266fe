# expect-fix: none: the loop stops early; the fix would read elements it never reaches
"""Find the first tensor with a NaN and stop: the extra reads cannot raise."""
from __future__ import annotations

import torch


def naive(ts: list[torch.Tensor]) -> int:
    first = -1
    for index, t in enumerate(ts):
        if torch.isnan(t).any():
            first = index
            break
    return first


def inputs() -> list[tuple[list[torch.Tensor]]]:
    torch.manual_seed(12)
    ts = [torch.randn(3) for _ in range(5)]
    ts[2][0] = float("nan")
    ts[4][1] = float("nan")
    return [(ts,), ([],), ([torch.zeros(2)],)]
