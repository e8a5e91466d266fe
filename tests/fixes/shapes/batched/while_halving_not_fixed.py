# expect-fix: none: a while loop runs as long as the values it reads say
"""Halve until the norm is small: each test decides whether there is another iteration."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> int:
    steps = 0
    while x.norm() > 1:
        x = x / 2
        steps += 1
    return steps


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(14)
    return [(torch.randn(8) * 100,), (torch.zeros(3),)]
