# expect: SYN201=1
# why: the max |weight| of a model via a flat copy of all parameters
import torch
from torch import nn


@torch.no_grad()
def max_abs_weight(model: nn.Module) -> torch.Tensor:
    flat = torch.cat([p.data.reshape(-1) for p in model.parameters()])
    return flat.abs().max()
