import torch


def per_param_norms(model: torch.nn.Module):
    return [p.grad.norm() for p in model.parameters() if p.grad is not None]
