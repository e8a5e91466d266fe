# expect: SYN101=2
# why: the same metric built as Metric().to(device), fed sizes on the device by its caller, reads each on the host; and a module whose own .to() returns something else is not known to be the class (its method's parameter stays maybe-device)
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


class Wrapped(nn.Module):
    def to(self, *args, **kwargs):  # type: ignore[override]
        return Moved(super().to(*args, **kwargs))

    def score(self, lengths: torch.Tensor) -> list[int]:
        return [int(lengths[i].item()) for i in range(len(lengths))]


class Moved:
    def __init__(self, inner: Wrapped) -> None:
        self.inner = inner

    def score(self, lengths) -> list[int]:
        return self.inner.score(lengths)


def evaluate_generation(model: nn.Module, loader) -> None:
    fad = FrechetDistance().to("cuda")
    for audio in loader:
        y_pred = model(audio.to("cuda"))
        sizes = (y_pred > 0).sum(dim=1)
        fad.update(y_pred, sizes)


def score_all(batches: list[list[int]]) -> None:
    scorer = Wrapped().to("cuda")
    for batch in batches:
        scorer.score(torch.tensor(batch))
