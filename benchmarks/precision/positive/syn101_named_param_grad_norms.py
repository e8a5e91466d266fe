# expect: SYN101=1
# why: one .item() per parameter while building per-layer gradient telemetry
import torch
from torch import nn


def per_layer_grad_norms(model: nn.Module) -> dict[str, float]:
    norms: dict[str, float] = {}
    for name, param in model.named_parameters():
        if param.grad is None:
            continue
        norms[name] = param.grad.detach().norm(2).item()
    return norms
