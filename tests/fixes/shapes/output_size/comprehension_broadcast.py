# expect-fix: unsafe
"""Two-argument form with counts from a comprehension: a one-element count list is repeated
along the whole dimension, where the total is not `sum(lengths)`."""
from __future__ import annotations

import torch


def naive(seqs: list[torch.Tensor], x: torch.Tensor) -> torch.Tensor:
    lengths = [len(s) for s in seqs]
    counts = torch.tensor(lengths, device=x.device)
    return torch.repeat_interleave(x, counts, dim=0)


def inputs() -> list[tuple[list[torch.Tensor], torch.Tensor]]:
    torch.manual_seed(7)
    return [([torch.randn(2), torch.randn(0), torch.randn(3)], torch.randn(3, 2)),
            ([torch.randn(1), torch.randn(4)], torch.arange(2))]


def edge_inputs() -> list[tuple[list[torch.Tensor], torch.Tensor]]:
    torch.manual_seed(17)
    # One count for four rows: broadcast to 4 x 2 rows; `output_size=2` is wrong.
    return [([torch.randn(2)], torch.randn(4, 3))]
