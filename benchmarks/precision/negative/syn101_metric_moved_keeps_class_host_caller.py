# expect: none
# targets: SYN101
# why: a metric built as Metric().to(device) is still that class: .to() of a module returns the module itself, so its only caller's host sizes reach update() as they do for a plain Metric(), the name first declared `fad: Optional[Metric] = None` as audiocraft does
from __future__ import annotations

import typing as tp

import torch
import torchmetrics
from torch import nn


class FrechetDistance(torchmetrics.Metric):
    def __init__(self) -> None:
        super().__init__()
        self.add_state("total", default=torch.tensor(0), dist_reduce_fx="sum")

    def update(self, preds: torch.Tensor, sizes: torch.Tensor) -> None:
        for i in range(preds.shape[0]):
            wav_len = int(sizes[i].item())
            torch.save(preds[i, :wav_len], f"{i}.pt")

    def compute(self) -> torch.Tensor:
        return self.total


def evaluate_generation(model: nn.Module, loader, use_fad: bool) -> None:
    fad: tp.Optional[FrechetDistance] = None
    if use_fad:
        fad = FrechetDistance().to("cuda")
    for audio, meta in loader:
        y_pred = model(audio)
        sizes = torch.tensor([m.n_frames for m in meta])
        if fad is not None:
            fad.update(y_pred, sizes)

