# expect: SYN301=1
# why: p.grad.pow(2).sum() accumulated over the parameters
import torch
from torch import nn


def grad_norm_inplace(model: nn.Module) -> torch.Tensor:
    sq = torch.zeros((), device=next(model.parameters()).device)
    for p in model.parameters():
        if p.grad is not None:
            sq += p.grad.detach().pow(2).sum()
    return sq.sqrt()
