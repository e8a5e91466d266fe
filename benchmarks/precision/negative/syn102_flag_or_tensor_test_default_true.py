# expect: none
# targets: SYN102
# why: `normalize or rescaling < 1` with `normalize: bool = True`: the tensor test runs only when a call passes normalize=False, and no project call passes normalize at all, so at the default the `or` short-circuits before it (opt-in: "only with `normalize=False`"); likewise `strict and ...` with strict=False
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


def audio_write(path: str, wav: torch.Tensor) -> None:
    torch.save(check_finite(normalize_audio(wav)), path)
