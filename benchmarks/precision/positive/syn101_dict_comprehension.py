# expect: SYN101=1
# why: dict comprehension over parameters reads each norm with .item()
import torch
from torch import nn


def grad_norm_table(model: nn.Module) -> dict[str, float]:
    return {
        name: p.grad.norm(2).item()
        for name, p in model.named_parameters()
        if p.grad is not None
    }
