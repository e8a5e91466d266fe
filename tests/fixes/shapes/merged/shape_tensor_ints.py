# expect-fix: none: the dtypes are not known: one stack of an int and a float would turn the int into a float
"""Height and width from a shape tensor (reduced from diffusers' PRX `seq2img`)."""
from __future__ import annotations

import torch


def naive(shape: torch.Tensor) -> tuple[int, int]:
    h, w = (int(shape[0]), int(shape[1]))
    return h, w


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.tensor([64, 48]),), (torch.tensor([2**40 + 1, 3]),),
            (torch.tensor([7.9, 2.1]),), (torch.tensor([4, 4], dtype=torch.int32),),
            (torch.tensor([16.0, 8.0], dtype=torch.float16),)]


def edge_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.tensor([[64], [48]]),), (torch.tensor([5]),)]
