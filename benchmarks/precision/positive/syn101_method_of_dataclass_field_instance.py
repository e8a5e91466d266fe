# expect: SYN101=2
# why: `state.meter` and `self.meter` are fields annotated with the project class `Meter`, whose `update` reads its argument with `float()`: called with the loss in the training loop, one sync per step, through a parameter annotated with the dataclass and through `self` (the method-call look-alike of the NumPy fields that stay silent)
from __future__ import annotations

from dataclasses import dataclass

import torch


class Meter:
    def __init__(self) -> None:
        self.total = 0.0

    def update(self, loss: torch.Tensor) -> None:
        self.total += float(loss)


@dataclass
class State:
    model: torch.nn.Module
    meter: Meter

    def fit(self, batches: list[torch.Tensor]) -> None:
        for batch in batches:
            loss = self.model(batch.cuda()).sum()
            loss.backward()
            self.meter.update(loss)


def train(state: State, batches: list[torch.Tensor]) -> None:
    for batch in batches:
        loss = state.model(batch.cuda()).sum()
        loss.backward()
        state.meter.update(loss)
