# expect: SYN101=1
# why: `if self.is_training:` holds on every training step: not a periodic or debug guard
import torch
from torch import nn


class Runner:
    def __init__(self, model: nn.Module, is_training: bool) -> None:
        self.model = model
        self.is_training = is_training
        self.losses: list[float] = []

    def run(self, loader, loss_fn) -> None:
        for x, y in loader:
            loss = loss_fn(self.model(x), y)
            if self.is_training:
                loss.backward()
                self.losses.append(loss.detach().item())
