# expect-fix: none: `nansum` skips NaN elements, a float64 norm would propagate them
"""NaN-skipping squared sums have no norm equivalent: reported, not fixed."""
from __future__ import annotations

import torch


def naive(g: torch.Tensor) -> float:
    return g.pow(2).nansum().item()


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(8)
    return [(torch.randn(5),), (torch.tensor([float("nan"), 2.0]),)]
