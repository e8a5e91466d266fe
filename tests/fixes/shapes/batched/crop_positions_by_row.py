# expect-fix: safe
# max-syncs: 2
"""Per row, crop a prompt embedding between int64 start and end positions (reduced from
diffusers' HunyuanVideo image-to-video prompt cropping)."""
from __future__ import annotations

import torch


def naive(embeds: torch.Tensor, starts: torch.Tensor, ends: torch.Tensor) -> list[torch.Tensor]:
    crops = []
    for i in range(embeds.shape[0]):
        crops.append(embeds[i, starts[i].item() : ends[i].item()])
    return crops


def inputs() -> list[tuple[torch.Tensor, torch.Tensor, torch.Tensor]]:
    torch.manual_seed(50)
    embeds = torch.randn(3, 6)
    return [
        (embeds, torch.tensor([0, 2, 1]), torch.tensor([3, 6, 1])),
        (torch.empty(0, 4), torch.empty(0, dtype=torch.long), torch.empty(0, dtype=torch.long)),
        (embeds[:1], torch.tensor([5]), torch.tensor([6])),
        (embeds.half(), torch.tensor([1, 1, 1], dtype=torch.int32), torch.tensor([2, 3, 4])),
        (torch.full((2, 3), float("nan")), torch.tensor([0, 1]), torch.tensor([2, 3])),
    ]
