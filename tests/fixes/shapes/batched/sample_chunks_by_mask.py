# expect-fix: safe
# max-syncs: 2
"""Append each diffused sample's audio to its chunk list (reduced from transformers'
VibeVoice generation): the samples are `mask.nonzero().view(-1)`, a 1-d tensor, read as
list indexes: one `.tolist()`."""
from __future__ import annotations

import torch


def naive(diffusion_mask: torch.Tensor, audio: torch.Tensor) -> list[list[torch.Tensor]]:
    audio_chunks: list[list[torch.Tensor]] = [[] for _ in range(len(diffusion_mask))]
    for sample_idx in diffusion_mask.nonzero(as_tuple=False).view(-1):
        audio_chunks[sample_idx.item()].append(audio[sample_idx])
    return audio_chunks


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    torch.manual_seed(93)
    return [(torch.tensor([True, False, True]), torch.randn(3, 4)),
            (torch.tensor([False, False]), torch.randn(2, 4)),
            (torch.tensor([1, 1]), torch.randn(2, 1).half())]
