# expect-fix: unsafe
# max-syncs: 1
"""TAPAS's aggregation mask (reduced from transformers' `_calculate_aggregate_mask`):
`.type(torch.FloatTensor)` copies the mask to the CPU and `.to(answer.device)` copies it
back; `.float()` casts it where it is. Unsafe in general (code after a bare cast may rely
on a CPU tensor), here the same values, dtype and device, since the result is moved back
at once."""
from __future__ import annotations

import torch


def naive(answer: torch.Tensor) -> tuple[torch.Tensor, torch.dtype, str]:
    mask = torch.logical_not(torch.isnan(answer)).type(torch.FloatTensor).to(answer.device)
    return mask, mask.dtype, mask.device.type


def inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.tensor([1.0, float("nan"), 3.0]),),
            (torch.tensor([float("nan")], dtype=torch.float64),),
            (torch.empty(0),), (torch.tensor(2.5),)]
