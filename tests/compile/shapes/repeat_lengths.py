# expect-fix: unsafe
# breaks: yes
"""One row per token: each sequence's row repeated by its length, counted on the host."""
from __future__ import annotations

import torch


def naive(x: torch.Tensor, seqs: list[torch.Tensor]) -> torch.Tensor:
    lengths = [len(s) for s in seqs]
    counts = torch.tensor(lengths, device=x.device)
    return torch.repeat_interleave(x, counts, dim=0)


compiled = torch.compile(naive, backend="eager")


def inputs() -> list[tuple[torch.Tensor, list[torch.Tensor]]]:
    return [(torch.arange(3.0), [torch.ones(2), torch.ones(0), torch.ones(3)]),
            (torch.ones(2, 2), [torch.ones(1), torch.ones(1)])]


def edge_inputs() -> list[tuple[torch.Tensor, list[torch.Tensor]]]:
    # One count for three rows: broadcast to every row (3 x 2 = 6), not its sum (2).
    return [(torch.arange(3.0), [torch.ones(2)])]
