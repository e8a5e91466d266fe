# expect: SYN301=1
# why: torch.sum(g ** 2) over every gradient, function form
import torch
from torch import nn


def grad_norm_fn(model: nn.Module) -> torch.Tensor:
    squares = [torch.sum(p.grad ** 2) for p in model.parameters() if p.grad is not None]
    return torch.sqrt(torch.stack(squares).sum())
