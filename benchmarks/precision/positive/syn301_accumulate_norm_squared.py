# expect: SYN301=1
# why: total_norm += param_norm ** 2 with a float32 device norm, then ** 0.5
import torch


def grad_norm(parameters) -> torch.Tensor:
    total_norm = 0.0
    for p in parameters:
        if p.grad is None:
            continue
        param_norm = p.grad.detach().norm(2)
        total_norm += param_norm ** 2
    return total_norm ** 0.5
