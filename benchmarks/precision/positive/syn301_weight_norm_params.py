# expect: SYN301=1
# why: a weight norm over model.parameters() as the root of a float32 squared sum
import torch
from torch import nn


def weight_norm(model: nn.Module) -> torch.Tensor:
    return torch.sqrt(sum(p.detach().pow(2).sum() for p in model.parameters()))
