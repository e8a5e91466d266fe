# expect: none
# targets: SYN301
# why: linalg.vector_norm in float64 per tensor, combined by vector_norm
import torch
from torch import nn


def grad_norm(model: nn.Module) -> torch.Tensor:
    norms = [torch.linalg.vector_norm(p.grad, dtype=torch.float64)
             for p in model.parameters() if p.grad is not None]
    return torch.linalg.vector_norm(torch.stack(norms))
