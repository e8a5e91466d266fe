# expect-fix: none: the list changes after the tensor is made, so its sum is not the total
"""`lengths.append(...)` between `torch.tensor(lengths)` and the call."""
from __future__ import annotations

import torch


def naive(seqs: list[torch.Tensor], x: torch.Tensor) -> torch.Tensor:
    lengths = [len(s) for s in seqs]
    counts = torch.tensor(lengths, dtype=torch.long, device=x.device)
    lengths.append(0)
    return torch.repeat_interleave(counts)


def inputs() -> list[tuple[list[torch.Tensor], torch.Tensor]]:
    return [([torch.randn(2)], torch.zeros(1))]
