# expect: SYN102=2
# why: clamp_if_large() tests its tensor argument as a bool, run for every parameter (and its own `if` is one sync)
import torch

from pkg.clip import clamp_if_large


def clip_gradients(model: torch.nn.Module, limit: float) -> None:
    for p in model.parameters():
        if p.grad is not None:
            clamp_if_large(p.grad, limit)
