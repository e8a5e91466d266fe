import torch

from checks import check_finite


def step(model: torch.nn.Module, optimizer) -> None:
    for name, param in model.named_parameters():
        if param.grad is not None:
            check_finite(name, param.grad)
    optimizer.step()
