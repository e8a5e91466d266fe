# expect-fix: safe
# max-syncs: 4
"""Where an invocation sequence may start in each row of token ids (reduced from peft's
aLoRA offsets, without its `torch.equal` check): the candidate starts are `nonzero(as_tuple=True)[0]` of a comparison, a 1-d
tensor the code makes; `idx = start.item()` first in the body becomes the loop variable
of `possible_starts.tolist()`."""
from __future__ import annotations

import torch


def naive(input_ids: torch.Tensor, invocation: torch.Tensor) -> list[int | None]:
    offsets: list[int | None] = []
    invocation_len = len(invocation)
    for sequence in input_ids:
        seq_len = len(sequence)
        best = -1
        possible_starts = (sequence == invocation[0]).nonzero(as_tuple=True)[0]
        for start_idx_tensor in possible_starts:
            idx = start_idx_tensor.item()
            if idx + invocation_len <= seq_len:
                best = max(best, idx)
        offsets.append(seq_len - best if best != -1 else None)
    return offsets


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    return [
        (torch.tensor([[5, 7, 8, 5, 7, 8, 1], [1, 2, 3, 4, 5, 6, 7]]), torch.tensor([5, 7, 8])),
        (torch.tensor([[9, 9, 9]]), torch.tensor([9, 9])),
        (torch.tensor([[1, 2]]), torch.tensor([3])),
        (torch.zeros(0, 4, dtype=torch.long), torch.tensor([1])),
    ]
