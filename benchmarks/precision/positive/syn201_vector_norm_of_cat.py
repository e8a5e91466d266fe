# expect: SYN201=1
# why: torch.linalg.vector_norm of a concatenated flat copy (float64 even, still O(total) memory)
import torch
from torch import nn


def total_grad_norm(model: nn.Module) -> torch.Tensor:
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    flat = torch.cat([g.view(-1) for g in grads])
    return torch.linalg.vector_norm(flat, dtype=torch.float64)
