# expect: SYN101=1
# why: the loss branch runs whenever labels are passed, that is on every training step; the accuracy read there syncs each time
import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.head = nn.Linear(32, 10)

    def forward(self, x: torch.Tensor, labels: torch.Tensor | None = None) -> dict:
        logits = self.head(x)
        out = {"logits": logits}
        if labels is not None:
            out["loss"] = nn.functional.cross_entropy(logits, labels)
            out["accuracy"] = (logits.argmax(-1) == labels).float().mean().item()
        return out
