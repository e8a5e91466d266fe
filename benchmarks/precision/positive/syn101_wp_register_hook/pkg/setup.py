import torch

from pkg.hooks import record_grad_norm


def instrument(model: torch.nn.Module) -> None:
    for p in model.parameters():
        if p.requires_grad:
            p.register_hook(record_grad_norm)
