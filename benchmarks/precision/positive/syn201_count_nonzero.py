# expect: SYN201=1
# why: sparsity of all weights through torch.count_nonzero of a flat copy
import torch
from torch import nn


def sparsity(model: nn.Module) -> torch.Tensor:
    flat = torch.cat([w.reshape(-1) for w in model.parameters()])
    return 1.0 - torch.count_nonzero(flat) / flat.numel()
