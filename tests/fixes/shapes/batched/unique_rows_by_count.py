# expect-fix: safe
# max-syncs: 3
"""Match each row index to the first column it was paired with, most frequent pairs first
(reduced from transformers' DEIMv2 dense one-to-one indices): `unique, counts =
torch.unique(..., return_counts=True, dim=0)` makes `unique` a tensor, and its rows are
read by index: one `.flatten(1).tolist()` of the sorted rows (a (n, 2, 1) index keeps its
values)."""
from __future__ import annotations

import torch


def naive(index: torch.Tensor) -> dict[int, int]:
    unique, counts = torch.unique(index, return_counts=True, dim=0)
    count_sort_indices = torch.argsort(counts, descending=True)
    unique_sorted = unique[count_sort_indices]
    column_to_row = {}
    for idx_pair in unique_sorted:
        row_idx, col_idx = idx_pair[0].item(), idx_pair[1].item()
        if row_idx not in column_to_row:
            column_to_row[row_idx] = col_idx
    return column_to_row


def inputs() -> list[tuple[torch.Tensor]]:
    return [
        (torch.tensor([[1, 2], [1, 2], [0, 3], [1, 5], [0, 3], [0, 3]]),),
        (torch.tensor([[4, 4]]),),
        (torch.tensor([[[1], [2]], [[1], [2]], [[3], [0]]]),),
        (torch.zeros(0, 2, dtype=torch.long),),
    ]
