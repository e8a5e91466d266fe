# expect: none
# targets: SYN101, SYN102
# why: a test suite shipped inside the package under `utils/unittests/` (nequip's model tests for authors): its reads cost test time, not training time
import torch
from torch import nn


class ModelTestsMixin:
    def test_numeric_gradient(self, model: nn.Module, batch: torch.Tensor, device: str):
        out = model(batch.to(device))
        for i in range(batch.shape[0]):
            grad = torch.autograd.grad(out[i].sum(), batch, retain_graph=True)[0]
            assert grad.abs().max().item() < 1e3
            if grad.isnan().any():
                raise AssertionError(f"row {i}")
