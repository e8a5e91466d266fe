# expect-fix: safe
# max-syncs: 0
"""No `dtype=`: an empty list makes a float tensor, which both versions refuse alike."""
from __future__ import annotations

import torch


def naive(widths: list[int], x: torch.Tensor) -> torch.Tensor:
    sizes = [2 * len(str(w)) + 1 for w in widths]
    counts = torch.tensor(sizes, device=x.device)
    return torch.repeat_interleave(counts)


def inputs() -> list[tuple[list[int], torch.Tensor]]:
    x = torch.zeros(1)
    return [([3, 14, 159], x), ([7], x), ([0, -5, 2653], x)]


def edge_inputs() -> list[tuple[list[int], torch.Tensor]]:
    return [([], torch.zeros(1))]  # a float tensor: both raise the same error
