# expect-fix: safe
# max-syncs: 1
"""Labels for the rows of a boolean mask that keep anything (reduced from
sentence-transformers' hard-negative mining: `[[1] + [0] * n for keep_row ... if
keep_row.any()]`): the conditions of the comprehension are stacked and read once, and
the comprehension takes them with `next(values)`. Safe: the same rows, in order."""
from __future__ import annotations

import torch


def naive(keep: torch.Tensor, counts: list[int]) -> list[list[int]]:
    return [[1] + [0] * n for keep_row, n in zip(keep, counts) if keep_row.any()]


def inputs() -> list[tuple[torch.Tensor, list[int]]]:
    return [(torch.tensor([[True, False], [False, False], [True, True]]), [1, 0, 2]),
            (torch.zeros(0, 2, dtype=torch.bool), []),
            (torch.tensor([[False, False]]), [0]),
            (torch.tensor([[1, 0], [0, 3]]), [1, 1])]  # an int mask: any() of ints
