# expect-fix: unsafe
"""Counts appended from values the code does not know: a float (or, on CUDA, a negative
count) behaves differently once `output_size=` is given."""
from __future__ import annotations

import torch


def naive(sizes: list[int], x: torch.Tensor) -> torch.Tensor:
    counts_list = []
    for size in sizes:
        counts_list.append(size)
    counts = torch.tensor(counts_list, dtype=torch.long, device=x.device)
    return torch.repeat_interleave(counts)


def inputs() -> list[tuple[list[int], torch.Tensor]]:
    return [([1, 0, 4], torch.zeros(1)), ([2], torch.zeros(1))]


def edge_inputs() -> list[tuple[list[float], torch.Tensor]]:
    # 1.5 is truncated to 1 by the long tensor, but `output_size=sum(...)` is 2.5: TypeError.
    return [([1.5, 1.0], torch.zeros(1)), ([1, -1, 2], torch.zeros(1))]
