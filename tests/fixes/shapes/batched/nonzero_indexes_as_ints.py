# expect-fix: safe
# max-syncs: 2
"""The indexes of conditioned frames as Python ints (reduced from diffusers' Cosmos 3
pipeline): iterating a 1-d tensor reads one element per step."""
from __future__ import annotations

import torch


def naive(mask: torch.Tensor) -> list[int]:
    indexes = torch.nonzero(mask[:, 0, 0] > 0, as_tuple=False).flatten()
    return [int(idx.item()) for idx in indexes]


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(72)
    return [(torch.randn(6, 2, 2),), (torch.zeros(4, 1, 1),), (torch.ones(1, 1, 1),),
            (torch.tensor([[[float("nan")]], [[float("inf")]], [[1.0]]]),),
            (torch.tensor([[[3]], [[0]], [[-1]]]),),
            (torch.randn(5, 1, 1).half(),), (torch.empty(0, 1, 1),)]
