# expect: none
# targets: SYN101, SYN102
# why: test code reads values on the host to compare them; a sync costs test time, not training time (accelerate test_utils/scripts/test_sync.py)
import torch
from torch import nn


def check_model_parameters(model_a: nn.Module, model_b: nn.Module, did_step: bool):
    for param, grad_param in zip(model_a.parameters(), model_b.parameters()):
        if not did_step:
            assert torch.allclose(param.grad, grad_param.grad), f"{param.grad.sum().item()}"
        else:
            assert not torch.allclose(param.grad, grad_param.grad)


def test_gradient_accumulation(model: nn.Module, batches: list[torch.Tensor]):
    losses = []
    for batch in batches:
        loss = model(batch.cuda()).sum()
        loss.backward()
        losses.append(loss.item())
    if losses[-1] > losses[0]:
        raise AssertionError("loss went up")
