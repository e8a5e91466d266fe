# expect: none
# targets: SYN101
# why: `if parameters[0].is_cuda: return ...` leaves the rest of the function to CPU parameters (pfrl's clip_l2_grad_norm_): its NumPy path copies host gradients, no device sync
import numpy as np
import torch


def clip_l2_grad_norm_(parameters, max_norm: float) -> float:
    parameters = list(parameters)
    if not parameters:
        return 0.0
    if parameters[0].is_cuda:
        return float(torch.nn.utils.clip_grad_norm_(parameters, max_norm))
    parameters = list(filter(lambda p: p.grad is not None, parameters))
    total_norm = np.linalg.norm([np.linalg.norm(p.grad.detach().cpu().numpy()) for p in parameters])
    clip_coef = max_norm / (total_norm + 1e-6)
    if clip_coef < 1:
        for p in parameters:
            p.grad.detach().mul_(clip_coef)
    return float(total_norm)


def scale(t: torch.Tensor, factors: list[float]) -> list[float]:
    if t.is_cuda:
        return [f * 2.0 for f in factors]
    return [(t * f).sum().item() for f in factors]
