# expect-fix: safe
# max-syncs: 1
"""A log line formatting two reads in one f-string."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> str:
    mean = x.float().mean()
    spread = x.float().std()
    return f"mean {mean.item():.4f} std {spread.item():.4f}"


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(6)
    return [(torch.randn(12),), (torch.tensor([1.0]),), (torch.tensor([float("inf"), 1.0]),),
            (torch.empty(0),)]
