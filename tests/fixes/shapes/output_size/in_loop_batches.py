# expect-fix: safe
# max-syncs: 0
"""Per batch, in a loop (SYN104): segment ids from the lengths of the batch's sequences."""
from __future__ import annotations

import torch


def naive(batches: list[list[torch.Tensor]], x: torch.Tensor) -> list[torch.Tensor]:
    ids = []
    for seqs in batches:
        lengths = [len(s) for s in seqs]
        counts = torch.tensor(lengths, dtype=torch.long, device=x.device)
        ids.append(torch.repeat_interleave(counts))
    return ids


def inputs() -> list[tuple[list[list[torch.Tensor]], torch.Tensor]]:
    torch.manual_seed(5)
    x = torch.zeros(1)
    batch = [torch.randn(int(n)) for n in torch.randint(0, 4, (5,))]
    return [([batch, batch[:2], []], x), ([], x), ([[torch.randn(3)]], x),
            ([[torch.randn(0)] * 3], x)]
