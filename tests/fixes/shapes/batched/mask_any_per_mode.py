# expect-fix: safe
# max-syncs: 5
"""Fill the rows of each interpolation mode that has any (reduced from transformers'
Sapiens2 `crop_and_resize`): `mask.any()` per mode, then an in-place masked write."""
from __future__ import annotations

import torch


def naive(values: torch.Tensor, is_bilinear: torch.Tensor) -> torch.Tensor:
    output = torch.zeros_like(values)
    for mask, mode in [(is_bilinear, "bilinear"), (~is_bilinear, "bicubic")]:
        if mask.any():
            output[mask] = values[mask] * (2.0 if mode == "bilinear" else 3.0)
    return output


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    torch.manual_seed(75)
    return [(torch.randn(5), torch.rand(5) > 0.5), (torch.randn(3), torch.ones(3, dtype=torch.bool)),
            (torch.randn(1), torch.zeros(1, dtype=torch.bool)),
            (torch.tensor([float("nan"), float("inf")]), torch.tensor([True, False])),
            (torch.tensor([3, 4]), torch.tensor([False, True])),
            (torch.randn(4).half(), torch.rand(4) > 0.5),
            (torch.empty(0), torch.empty(0, dtype=torch.bool))]
