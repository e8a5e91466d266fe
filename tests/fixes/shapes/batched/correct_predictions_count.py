# expect-fix: safe
"""Count correct predictions over batches: an int64 count per batch stays an exact int."""
from __future__ import annotations

import torch


def naive(batches: list[tuple[torch.Tensor, torch.Tensor]]) -> int:
    correct = 0
    for pred, target in batches:
        correct += (pred == target).sum().item()
    return correct


def inputs() -> list[tuple[list[tuple[torch.Tensor, torch.Tensor]]]]:
    torch.manual_seed(60)
    big = torch.zeros(2**12, dtype=torch.long)
    return [
        ([(torch.randint(0, 3, (8,)), torch.randint(0, 3, (8,))) for _ in range(4)],),
        ([],),
        ([(torch.tensor([1]), torch.tensor([1]))],),
        ([(torch.tensor([float("nan"), 1.0]), torch.tensor([float("nan"), 1.0]))],),
        ([(big, big)],),
        ([(torch.tensor([0.5, 1.0], dtype=torch.float16), torch.tensor([0.5, 2.0]))],),
    ]
