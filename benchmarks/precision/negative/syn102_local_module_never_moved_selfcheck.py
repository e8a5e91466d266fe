# expect: none
# targets: SYN102, SYN101
# why: a self-test builds its module in the same function and never moves it, and calls it on host data (random or from a loader, where nothing moves anything): its outputs are host tensors
from __future__ import annotations

import torch
from torch import nn
from torch_geometric.loader import DataLoader

from shapes import tetris


class Network(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(3, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lin(x)


def test() -> None:
    data = torch.randn(8, 3)
    f = Network()
    f.eval()
    loss = f(data).pow(2).sum()
    loss.backward()
    rotated = data @ torch.eye(3)
    error = f(rotated) - f(data)
    assert error.abs().max() < 1e-10


def test_loaded() -> None:
    data = next(iter(DataLoader(tetris(), batch_size=8)))
    f = Network()
    error = f(data) - f(data.flip(0))
    assert error.abs().max() < 1e-10
