# expect-fix: safe
# max-syncs: 1
"""Reads of float16 reductions: the stacked values come back as the same Python floats."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> tuple[float, float]:
    mean = x.half().mean()
    peak = x.half().abs().max()
    return mean.item(), peak.item()


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(4)
    return [(torch.randn(9),), (torch.tensor([70000.0, 1.0]),), (torch.tensor([float("nan")]),),
            (torch.tensor([1e-8, -3.0]),)]
