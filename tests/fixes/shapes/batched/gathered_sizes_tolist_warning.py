# expect-fix: none: a comment warns against `.tolist()` here
"""Sizes gathered from every rank, read one by one on purpose (reduced from diffusers'
`gather_size_by_comm`, called from compiled code): the batched rewrite's `.tolist()` is
what the comment forbids."""
from __future__ import annotations

import torch


def naive(gathered_sizes: list[torch.Tensor]) -> list[int]:
    gathered_sizes = [s[0].item() for s in gathered_sizes]
    # NOTE: DON'T use tolist here due to graph break - Explanation:
    # Backend compiler `inductor` failed with aten._local_scalar_dense.default
    return gathered_sizes


def inputs() -> list[tuple[list[torch.Tensor]]]:
    return [([torch.tensor([3]), torch.tensor([9])],), ([],)]
