# expect-fix: safe
"""Per-class accuracy from count tensors; a class never seen divides by zero."""
from __future__ import annotations

import torch


def naive(correct: torch.Tensor, total: torch.Tensor) -> list[float]:
    accuracy = []
    for c in range(correct.shape[0]):
        accuracy.append((correct[c] / total[c]).item())
    return accuracy


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    return [(torch.tensor([3, 0, 5]), torch.tensor([4, 0, 5])),
            (torch.empty(0, dtype=torch.long), torch.empty(0, dtype=torch.long)),
            (torch.tensor([1.0]), torch.tensor([3.0])),
            (torch.tensor([1.0, 2.0], dtype=torch.float16), torch.tensor([2.0, 0.0]))]
