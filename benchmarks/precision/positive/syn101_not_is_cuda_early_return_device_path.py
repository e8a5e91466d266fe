# expect: SYN101=2
# why: the look-alike: `if not parameters[0].is_cuda: return ...` leaves the rest to CUDA parameters, so its per-parameter reads are device syncs
import numpy as np
import torch


def grad_norms(parameters) -> list[float]:
    parameters = list(parameters)
    if not parameters[0].is_cuda:
        return [float(np.linalg.norm(p.grad.numpy())) for p in parameters]
    return [p.grad.norm().cpu().item() for p in parameters]


def scale(t: torch.Tensor, factors: list[float]) -> list[float]:
    if not t.is_cuda:
        return [f * 2.0 for f in factors]
    return [(t * f).sum().item() for f in factors]
