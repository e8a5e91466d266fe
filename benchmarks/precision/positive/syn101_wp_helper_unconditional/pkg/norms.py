import torch


def global_norm(params) -> float:
    norms = [p.grad.norm() for p in params if p.grad is not None]
    return torch.stack(norms).norm().item()
