# expect: SYN301=1
# why: sum(x.norm() ** 2 for ...) ** 0.5, float32 throughout
import torch
from torch import nn


def global_norm(model: nn.Module) -> torch.Tensor:
    params = [p for p in model.parameters() if p.grad is not None]
    return sum(p.grad.norm() ** 2 for p in params) ** 0.5
