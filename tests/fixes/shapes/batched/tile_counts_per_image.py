# expect-fix: safe
# max-syncs: 1
"""The number of non-padded tiles of each image, from its (rows, columns) aspect ratio
(reduced from torchtune's CLIP tile positional embedding): the rows of an annotated tensor
unpacked into two values whose product is read; the values may have any dtype, so one
stack is taken only where they are alike."""
from __future__ import annotations

import torch


def naive(aspect_ratio: torch.Tensor) -> list[int]:
    counts = []
    for batch_idx, (n_tiles_h, n_tiles_w) in enumerate(aspect_ratio):
        n_non_padded_tiles = int(n_tiles_h * n_tiles_w)
        counts.append(n_non_padded_tiles + batch_idx)
    return counts


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.tensor([[2, 1], [1, 3], [2, 2]]),), (torch.zeros(0, 2, dtype=torch.long),),
            (torch.tensor([[1.5, 2.0]]),), (torch.tensor([[4, 4]], dtype=torch.int32),)]
