# expect: none
# targets: SYN301
# why: clip_grad_norm_-style torch.norm of a stack of norms: no squared sum in user code
import torch


def total_norm(grads: list[torch.Tensor]) -> torch.Tensor:
    return torch.norm(torch.stack([torch.norm(g, 2) for g in grads]), 2)
