# expect: none
# targets: SYN109
# why: a helper annotated `-> Sequence[Tuple[int]]` returns tuples (here of slices): a tuple index is basic indexing, one view per dimension, never a list copied to the device (fresh13's boltz `_chunk_slice`)
from __future__ import annotations

from typing import Sequence, Tuple

import torch


def minimal_slices(start: Sequence[int], end: Sequence[int]) -> Sequence[Tuple[int]]:
    slices = []
    path = tuple(slice(s, s + 1) for s in start[:-1])
    slices.append(path + (slice(start[-1], end[-1] + 1),))
    return slices


def chunk_slice(t: torch.Tensor, start: list[int], end: list[int]) -> torch.Tensor:
    sliced = [t[s] for s in minimal_slices(start, end)]
    return torch.cat([s.reshape(-1) for s in sliced])


def chunk_layer(x: torch.Tensor) -> torch.Tensor:
    return chunk_slice(x.cuda(), [0, 2], [1, 5])
