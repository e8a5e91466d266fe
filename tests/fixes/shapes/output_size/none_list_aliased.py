# expect-fix: none: the list has another name that may change it unseen
"""An alias of the list is changed between the tensor and the call."""
from __future__ import annotations

import torch


def naive(seqs: list[torch.Tensor], x: torch.Tensor) -> torch.Tensor:
    lengths = [len(s) for s in seqs]
    pending = lengths
    counts = torch.tensor(lengths, dtype=torch.long, device=x.device)
    pending.append(3)
    return torch.repeat_interleave(counts)


def inputs() -> list[tuple[list[torch.Tensor], torch.Tensor]]:
    return [([torch.randn(2)], torch.zeros(1))]
