# expect: none
# targets: SYN102
# why: is_cuda, requires_grad, is_leaf and is_floating_point() are metadata
import torch
from torch import nn


def trainable_cuda_floats(model: nn.Module) -> list[torch.Tensor]:
    out = []
    for p in model.parameters():
        if p.is_cuda and p.requires_grad and p.is_leaf:
            if p.is_floating_point():
                out.append(p)
    return out
