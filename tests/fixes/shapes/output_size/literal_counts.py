# expect-fix: safe
# max-syncs: 0
"""Fixed counts written in the code: the fix computes their total (5) once; three counts
cannot be broadcast, and an input of another length raises in both versions."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor) -> torch.Tensor:
    counts = torch.tensor([2, 0, 3], device=x.device)
    return torch.repeat_interleave(x, counts, dim=0)


def inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(2)
    return [(torch.randn(3, 4),), (torch.arange(3),), (torch.tensor([True, False, True]),),
            (torch.randn(3, 0),), (torch.tensor([float("nan"), float("inf"), -1.0]),)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    torch.manual_seed(12)
    return [(torch.randn(2, 4),), (torch.randn(1),), (torch.empty(0),)]
