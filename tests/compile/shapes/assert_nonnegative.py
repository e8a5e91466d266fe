# expect-fix: unsafe
# breaks: no
"""A check on the input inside a compiled function."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> torch.Tensor:
    assert (x >= 0).all(), "negative input"
    return x.sqrt().sum()


compiled = torch.compile(naive, backend="eager")


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.rand(8),), (torch.zeros(3),)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    # A failing check: AssertionError before, RuntimeError after.
    return [(torch.tensor([1.0, -1.0]),)]
