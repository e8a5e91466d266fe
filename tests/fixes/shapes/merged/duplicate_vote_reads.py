# expect-fix: safe
"""Two votes after an all-reduce (reduced from diffusers' SeaCache `_synchronize_compute_
decision`): the first vote is read twice and the second only when the first holds; the
fix reads the first once and keeps the second conditional. Nothing but `bool` runs before
a later read, so the fix is safe."""
from __future__ import annotations

import torch


def naive(votes: torch.Tensor) -> tuple[bool, bool]:
    return bool(votes[0].item()), bool(votes[0].item() and votes[1].item())


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.tensor([1, 0], dtype=torch.int32),), (torch.tensor([0, 1], dtype=torch.int32),),
            (torch.tensor([1, 1], dtype=torch.int32),), (torch.tensor([True, True]),),
            (torch.tensor([0.5, float("nan")]),),
            (torch.tensor([0]),), (torch.tensor([1]),)]
