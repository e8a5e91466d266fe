# expect-fix: safe
# max-syncs: 4
"""A tensor the function makes, scaled by each of a list of Python numbers: an int scale
keeps an int64 result, a float one makes it float, so the values need not share a dtype
(only an int index, from `range` or `enumerate`, never changes one)."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor, scales: list[float]) -> list[object]:
    base = torch.cumsum(x, 0)
    out = []
    for s in scales:
        out.append((base * s).sum().item())
    return out


def inputs() -> list[tuple[torch.Tensor, list[float]]]:
    return [(torch.arange(3), [0.5, 1.5, 2.0]), (torch.arange(4), []),
            (torch.arange(2), [1, 2.5]), (torch.arange(5), [True, 3, 0.25, 2**53 + 1]),
            (torch.tensor([0.5, 2.0]).half(), [2, 0.5])]
