# expect: SYN102=2
# why: the same `normalize or rescaling < 1` and `strict and isnan(...).any()`, where a project call passes normalize (its own option, a run may set False) and strict=True: the tensor test runs on those calls
from __future__ import annotations

import torch


def normalize_audio(wav: torch.Tensor, normalize: bool = True, strategy: str = "peak") -> torch.Tensor:
    if strategy == "peak":
        rescaling = 1.0 / wav.abs().max()
        if normalize or rescaling < 1:
            wav = wav * rescaling
    return wav


def check_finite(wav: torch.Tensor, strict: bool = False) -> torch.Tensor:
    if strict and torch.isnan(wav).any():
        raise ValueError("NaN in the waveform")
    return wav


def audio_write(path: str, wav: torch.Tensor, normalize: bool = True) -> None:
    torch.save(check_finite(normalize_audio(wav, normalize), strict=True), path)
