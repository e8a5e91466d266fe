# expect: none
# targets: SYN102
# why: the submodule's forward returns the patch grid as Python ints (from `x.shape`); testing them is a host test, whatever `self.grid(...)` is
import torch
from torch import nn


class Grid(nn.Module):
    def __init__(self, patch: int) -> None:
        super().__init__()
        self.patch = patch

    def forward(self, x: torch.Tensor):
        return x.shape[-2] // self.patch, x.shape[-1] // self.patch


class Encoder(nn.Module):
    def __init__(self, patch: int) -> None:
        super().__init__()
        self.grid = Grid(patch)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = self.grid(x)
        if h > 1 and w > 1:
            x = x.flatten(2)
        return x
