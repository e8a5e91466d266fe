# expect: none
# targets: SYN101
# why: a subclass that overrides forward itself never runs the base's forward, so the _step the base's forward calls is not per-step code in it
import torch
from torch import nn


class Base(nn.Module):
    def _step(self, x: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self._step(x)


class Standalone(Base):
    def __init__(self, counts: torch.Tensor) -> None:
        super().__init__()
        self.register_buffer("counts", counts)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * 2

    def _step(self, x: torch.Tensor) -> torch.Tensor:
        return x[: int(self.counts.sum().item())]
