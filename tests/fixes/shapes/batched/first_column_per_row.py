# expect-fix: safe
# max-syncs: 2
"""Match each row index to the first column it was paired with, most frequent pairs first
(reduced from transformers' DEIMv2 loss): two reads per row of an index tensor. Their
dtypes are not known, so the fix transfers each of the two columns once. A tensor is
iterated twice alike, so the first pass is safe; `.tolist()` of it is not (only the
annotation says it is a tensor)."""
from __future__ import annotations

import torch


def naive(unique_sorted: torch.Tensor) -> dict[int, int]:
    column_to_row = {}
    for idx_pair in unique_sorted:
        row_idx, col_idx = idx_pair[0].item(), idx_pair[1].item()
        if row_idx not in column_to_row:
            column_to_row[row_idx] = col_idx
    return column_to_row


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.tensor([[0, 3], [1, 2], [0, 1]]),), (torch.empty(0, 2, dtype=torch.long),),
            (torch.tensor([[2**40 + 1, 5]]),), (torch.tensor([[0.5, 1.5], [0.5, 2.5]]),),
            (torch.tensor([[1, 2]], dtype=torch.int16),)]
