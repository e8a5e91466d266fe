# expect: SYN301=1
# why: the seed's first fix: _foreach_norm then float32 stack().pow(2).sum()
import torch
from torch import nn


def grad_norm(module: nn.Module) -> torch.Tensor | None:
    grads = [p.grad for p in module.parameters() if p.grad is not None]
    if not grads:
        return None
    norms = torch._foreach_norm(grads, ord=2)
    total_sq = torch.stack(norms).pow(2).sum()
    return total_sq.sqrt()
