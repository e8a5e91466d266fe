# expect: SYN101=1
# why: the old clip_grad_norm recipe: param_norm.item() ** 2 per parameter (host float64 sum, so no SYN301)
import torch


def grad_norm(parameters, norm_type: float = 2.0) -> float:
    parameters = [p for p in parameters if p.grad is not None]
    total_norm = 0.0
    for p in parameters:
        param_norm = p.grad.detach().data.norm(norm_type)
        total_norm += param_norm.item() ** norm_type
    return total_norm ** (1.0 / norm_type)
