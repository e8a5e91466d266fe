# expect: none
# targets: SYN101, SYN102
# why: a module that imports pytest and defines test_* methods taking fixtures is test code whatever its folder is called
import pytest
import torch
from torch import nn


@pytest.fixture
def device() -> str:
    return "cuda"


class EquivarianceTests:
    def test_equivariance(self, model: nn.Module, device: str):
        for _ in range(4):
            x = torch.randn(8, 3, device=device)
            rot = torch.linalg.qr(torch.randn(3, 3, device=device))[0]
            err = (model(x @ rot) - model(x) @ rot).abs().max()
            assert err < 1e-5
            print(err.item())
