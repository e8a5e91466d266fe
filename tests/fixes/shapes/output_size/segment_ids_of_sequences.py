# expect-fix: safe
# max-syncs: 0
"""Segment ids of packed sequences: the counts are the sequences' lengths, so their sum is
the total the host already knows (one-argument form: no broadcasting)."""
from __future__ import annotations

import torch


def naive(seqs: list[torch.Tensor], x: torch.Tensor) -> torch.Tensor:
    lengths = [len(s) for s in seqs]
    counts = torch.tensor(lengths, dtype=torch.long, device=x.device)
    return torch.repeat_interleave(counts)


def inputs() -> list[tuple[list[torch.Tensor], torch.Tensor]]:
    torch.manual_seed(1)
    x = torch.zeros(1)
    return [
        ([torch.randn(int(n)) for n in torch.randint(0, 6, (7,))], x),  # random, with zeros
        ([], x),  # no sequence: an empty index
        ([torch.randn(0), torch.randn(0)], x),  # every length zero
        ([torch.randn(4)], x),  # one sequence
        ([torch.arange(3), torch.ones(2, dtype=torch.bool)], x),  # int and bool elements
    ]
