# expect: SYN101=1
# why: checksum of every state_dict tensor read one at a time
import torch
from torch import nn


def weights_checksum(model: nn.Module) -> float:
    checksum = 0.0
    for tensor in model.state_dict().values():
        checksum += tensor.float().sum().item()
    return checksum
