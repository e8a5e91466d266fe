# expect-fix: none: the truth of a value that is a tensor only by its annotation
"""Skip empty image batches (reduced from transformers' Fuyu image processor): annotated as
tensors, the elements are lists, and `if batch_image` tests them for emptiness."""
from __future__ import annotations

import torch


def naive(images: list["torch.Tensor"]) -> list[int]:
    return [len(batch_image) for batch_image in images if batch_image]


def inputs() -> list[tuple[list[object]]]:
    return [([[torch.ones(2)], [], [torch.ones(1), torch.ones(3)]],), ([],)]
