# expect: SYN201=1
# why: gradient norm of a concatenated flat copy instead of per-tensor norms
import torch


def global_grad_norm(params) -> torch.Tensor:
    params = [p for p in params if p.grad is not None]
    return torch.cat([p.grad.flatten() for p in params]).norm(2)
