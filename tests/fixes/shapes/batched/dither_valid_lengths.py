# expect-fix: safe
"""Dither each waveform over its valid samples, in place (reduced from transformers'
Cohere ASR feature extractor): the length read per row decides how much noise is added."""
from __future__ import annotations

import torch


def naive(waveform: torch.Tensor, audio_lengths: torch.Tensor) -> torch.Tensor:
    generator = torch.Generator(device=waveform.device)
    for i in range(waveform.shape[0]):
        valid_samples = min(int(audio_lengths[i].item()), waveform.shape[1])
        if valid_samples <= 0:
            continue
        generator.manual_seed(valid_samples)
        noise = torch.randn(valid_samples, dtype=waveform.dtype, device=waveform.device,
                            generator=generator)
        waveform[i, :valid_samples] += 0.01 * noise
    return waveform


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    torch.manual_seed(73)
    return [(torch.randn(3, 8), torch.tensor([8, 0, 5])),
            (torch.randn(2, 4), torch.tensor([[9], [2]])),
            (torch.randn(1, 4).half(), torch.tensor([3])),
            (torch.randn(2, 4), torch.tensor([2.7, -1.0])),
            (torch.tensor([[float("nan"), float("inf"), 1.0]]), torch.tensor([3])),
            (torch.empty(0, 4), torch.empty(0, dtype=torch.long))]
