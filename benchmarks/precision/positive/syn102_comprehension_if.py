# expect: SYN102=1
# why: comprehension filter on a tensor reduction, one sync per parameter
import torch
from torch import nn


def parameters_with_nan_grads(model: nn.Module) -> list[str]:
    return [
        name
        for name, p in model.named_parameters()
        if p.grad is not None and torch.isnan(p.grad).any()
    ]
