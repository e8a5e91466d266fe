# expect-fix: safe
# max-syncs: 8
"""Pad each attention mask on the left by what it lacks (reduced from diffusers' OmniGen
collator): the tensor `pad_l > 0` decides. The body calls `.unsqueeze()` on values the
analysis cannot prove are tensors, a method that changes nothing by its name."""
from __future__ import annotations

import torch


def naive(attention_mask: torch.Tensor, text_length: int, img_length: int) -> list[torch.Tensor]:
    extended_mask = []
    for mask in attention_mask:
        temp_l = torch.sum(mask)
        pad_l = text_length - temp_l
        temp_mask = torch.tril(torch.ones(size=(temp_l + 1, temp_l + 1)))
        image_mask = torch.zeros(size=(temp_l + 1, img_length))
        temp_mask = torch.cat([temp_mask, image_mask], dim=-1)
        if pad_l > 0:
            pad_mask = torch.zeros(size=(temp_l + 1, pad_l))
            temp_mask = torch.cat([pad_mask, temp_mask], dim=-1)
        extended_mask.append(temp_mask.unsqueeze(0))
    return extended_mask


def inputs() -> list[tuple[torch.Tensor, int, int]]:
    return [(torch.tensor([[1, 1, 0], [1, 1, 1]]), 3, 2),
            (torch.empty(0, 3, dtype=torch.long), 3, 1),
            (torch.tensor([[1, 0, 0]]), 3, 0)]
