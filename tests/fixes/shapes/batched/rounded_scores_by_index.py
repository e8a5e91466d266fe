# expect-fix: safe
"""Scores above a threshold, rounded, by index (reduced from diffusers' safety checker)."""
from __future__ import annotations

import torch


def naive(scores: list[torch.Tensor], threshold: float) -> dict[int, float]:
    result = {}
    for idx in range(len(scores)):
        result[idx] = round(scores[idx].item() - threshold, 3)
    return result


def inputs() -> list[tuple[list[torch.Tensor], float]]:
    torch.manual_seed(53)
    return [([torch.rand(()) for _ in range(4)], 0.5), ([], 0.5),
            ([torch.tensor(0.25)], 0.0), ([torch.tensor(7), torch.tensor(3)], 1.0),
            ([torch.tensor(0.3, dtype=torch.float16)], 0.1)]
