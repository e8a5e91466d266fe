# expect: none
# targets: SYN201, SYN301
# why: the seed's final fix: float64 per-tensor norms stacked and combined
import torch
from torch import nn


def compute_grad_norm_surrogate(module: nn.Module) -> float | None:
    grads = [p.grad for p in module.parameters() if p.grad is not None]
    if not grads:
        return None
    grads_double = [g.double() for g in grads]
    per_param_norms = torch._foreach_norm(grads_double, ord=2)
    total_norm = torch.linalg.vector_norm(torch.stack(per_param_norms))
    return total_norm.item()
