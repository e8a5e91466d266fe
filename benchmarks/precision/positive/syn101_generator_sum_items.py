# expect: SYN101=1
# why: sum() over a generator that calls .item() once per parameter
import torch
from torch import nn


def max_abs_grad_sum(model: nn.Module) -> float:
    params = [p for p in model.parameters() if p.grad is not None]
    return sum(p.grad.abs().max().item() for p in params)
