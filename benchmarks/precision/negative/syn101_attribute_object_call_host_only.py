# expect: none
# targets: SYN101
# why: the object an attribute holds has a `__call__` that only turns host lists into arrays, and a module attribute's `forward` reads nothing: calling them per batch syncs nothing (look-alike of fresh10 M5)
import numpy as np
import torch
from torch import nn


class Collate:
    def __call__(self, items: list[list[float]]) -> np.ndarray:
        return np.asarray(items, dtype=np.float32)


class Head(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(4, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lin(x).softmax(-1)


class Runner:
    def __init__(self) -> None:
        self._collate = Collate()
        self.head = Head()

    def apply(self, batches: list[list[list[float]]]) -> list:
        outs = []
        for batch in batches:
            x = torch.from_numpy(self._collate(batch))
            outs.append(self.head(x))
        return outs
