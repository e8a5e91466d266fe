# expect: none
# targets: SYN101
# why: the getter syncs, but it is read only in `__init__` and `setup`, which run once
import torch
from torch import nn


class Calibrated(nn.Module):
    def __init__(self, n: int) -> None:
        super().__init__()
        self.register_buffer("bounds", torch.linspace(0, 1, n).cuda())
        self.cuts = []
        for _ in range(n):
            self.cuts.append(self.upper)

    @property
    def upper(self) -> float:
        return self.bounds.max().item()

    def setup(self, stages: list[str]) -> None:
        for _ in stages:
            self.cuts.append(self.upper)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.bucketize(x, self.bounds)
