# expect: SYN201=1, SYN102=1
# why: flat gradient copy just for its norm, then the norm tested on the host
import torch
from torch import nn


def grads_exploded(model: nn.Module, limit: float) -> bool:
    grad_vec = torch.cat([p.grad.view(-1) for p in model.parameters() if p.grad is not None])
    grad_norm = grad_vec.norm()
    if grad_norm > limit:
        return True
    return False
