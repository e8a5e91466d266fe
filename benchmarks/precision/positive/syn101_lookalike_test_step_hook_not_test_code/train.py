# expect: SYN101=1, SYN106=1
# why: a training module with a Lightning `test_step`/`validation_step` hook and a `test_*` helper is not test code: it imports no test framework, and the hooks run per batch
import lightning as L
import torch
from torch import nn


def test_accuracy(logits: torch.Tensor, y: torch.Tensor) -> float:
    return (logits.argmax(-1) == y).float().mean().item()


class Classifier(L.LightningModule):
    def __init__(self) -> None:
        super().__init__()
        self.net = nn.Linear(16, 4)

    def validation_step(self, batch, batch_idx):
        x, y = batch
        logits = self.net(x)
        self.log("val_acc", (logits.argmax(-1) == y).float().mean().item())

    def test_step(self, batch, batch_idx):
        x, y = batch
        self.log("test_acc", test_accuracy(self.net(x), y))
