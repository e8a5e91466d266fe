# expect: SYN101=1
# why: the same metric built as Metric().to(device), fed sizes on the device by its caller, reads each on the host
from __future__ import annotations

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


def evaluate_generation(model: nn.Module, loader) -> None:
    fad = FrechetDistance().to("cuda")
    for audio in loader:
        y_pred = model(audio.to("cuda"))
        sizes = (y_pred > 0).sum(dim=1)
        fad.update(y_pred, sizes)

