# expect-fix: unsafe
# breaks: yes
"""A scale chosen by a tensor `if` whose branches are pure: doubled, or the mean."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> torch.Tensor:
    if x.sum() > 0:
        y = x * 2
    else:
        y = x.mean()
    return y


compiled = torch.compile(naive, backend="eager")


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.full((4,), 3.0),), (torch.rand(3) + 0.1,)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    # The `else` branch: a 0-d mean, which `torch.where` broadcasts to the input's shape.
    return [(torch.full((4,), -1.0),)]
