# expect-fix: safe
# max-syncs: 0
"""`Tensor.repeat_interleave` along columns with two fixed counts."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> torch.Tensor:
    return x.repeat_interleave(torch.tensor([1, 3], device=x.device), dim=1)


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(3)
    return [(torch.randn(4, 2),), (torch.randint(0, 9, (1, 2)),), (torch.zeros(0, 2),),
            (torch.randn(2, 2, dtype=torch.float64),)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(13)
    return [(torch.randn(4, 3),), (torch.randn(4, 1),)]
