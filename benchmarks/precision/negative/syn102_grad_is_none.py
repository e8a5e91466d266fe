# expect: none
# targets: SYN102
# why: `is None` / `is not None` tests on tensors read no tensor data
import torch
from torch import nn


def zero_missing_grads(model: nn.Module) -> int:
    filled = 0
    for p in model.parameters():
        if p.grad is None:
            p.grad = torch.zeros_like(p)
            filled += 1
        elif p.grad is not None and not p.requires_grad:
            p.grad = None
    return filled
