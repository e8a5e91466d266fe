# expect: SYN301=1
# why: seed B7-PT-01: (g.float() * g.float()).sum() stops at float32 and overflows
import torch
from torch import nn


def compute_grad_norm_surrogate(module: nn.Module) -> float | None:
    grads = [p.grad for p in module.parameters() if p.grad is not None]
    if not grads:
        return None
    total_sq = sum((g.float() * g.float()).sum() for g in grads)
    return float(total_sq.sqrt().item())
