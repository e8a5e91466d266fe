# expect: SYN102=2
# why: the same self-test, but one module is moved to the GPU and one's constructor moves itself; each forward moves its input to its weights' device, so the outputs are device tensors
from __future__ import annotations

import torch
from torch import nn


class Network(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(3, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lin(x.to(self.lin.weight.device))


class CudaNetwork(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(3, 1)
        self.to("cuda")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lin(x.to(self.lin.weight.device))


def test_moved() -> None:
    data = torch.randn(8, 3)
    f = Network()
    f.to("cuda")
    error = f(data @ torch.eye(3)) - f(data)
    assert error.abs().max() < 1e-10


def test_moving_itself() -> None:
    data = torch.randn(8, 3)
    f = CudaNetwork()
    error = f(data @ torch.eye(3)) - f(data)
    assert error.abs().max() < 1e-10
