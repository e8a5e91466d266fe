# expect-fix: safe
# max-syncs: 0
"""The code already sums the list (`total = sum(lengths)`): the fix passes that name."""
from __future__ import annotations

import torch


def naive(parts: list[torch.Tensor], x: torch.Tensor) -> tuple[torch.Tensor, int]:
    lengths = [p.numel() for p in parts]
    total = sum(lengths)
    owner = torch.repeat_interleave(torch.tensor(lengths, dtype=torch.long, device=x.device))
    return owner, total


def inputs() -> list[tuple[list[torch.Tensor], torch.Tensor]]:
    torch.manual_seed(4)
    x = torch.zeros(1)
    return [([torch.randn(2, 3), torch.randn(0), torch.randn(5)], x), ([], x),
            ([torch.randn(1)], x), ([torch.zeros(0, 4), torch.zeros(0)], x),
            ([torch.randint(0, 5, (3, 3)) for _ in range(4)], x)]
