# expect: SYN101=1
# why: bool() of a device reduction per parameter
import torch
from torch import nn


def has_inf_weights(model: nn.Module) -> bool:
    found = False
    for p in model.parameters():
        found = found or bool(torch.isinf(p).any())
    return found
