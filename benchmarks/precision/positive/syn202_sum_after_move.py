# expect: SYN202=1
# why: per-parameter scalars moved one by one, then summed
import torch
from torch import nn


def pipeline_grad_sq(model: nn.Module, device: torch.device) -> torch.Tensor:
    partial = [p.grad.norm() for p in model.parameters() if p.grad is not None]
    moved = [t.to(device) for t in partial]
    return torch.stack(moved).sum()
