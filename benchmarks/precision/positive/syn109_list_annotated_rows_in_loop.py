# expect: SYN109=1
# why: the same helper annotated `-> Sequence[List[int]]` returns lists of row numbers: each list index is copied to the tensor's device per iteration
from __future__ import annotations

from typing import List, Sequence

import torch


def row_groups(n: int) -> Sequence[List[int]]:
    return [[i, i + 1] for i in range(0, n, 2)]


def gather_rows(t: torch.Tensor, n: int) -> torch.Tensor:
    picked = [t[rows] for rows in row_groups(n)]
    return torch.cat([p.reshape(-1) for p in picked])


def layer(x: torch.Tensor) -> torch.Tensor:
    return gather_rows(x.cuda(), 8)
