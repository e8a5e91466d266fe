# expect: none
# targets: SYN101, SYN102
# why: `group["step"]` is a counter kept in `param_groups`, not a hyperparameter: a read under `if step % 100 == 0:` runs on some optimiser steps only, and a local computed from the step's data (`n = int(...)`) guards nothing per step
import torch
from torch.optim import Optimizer


class Prodigy(Optimizer):
    def __init__(self, params, lr: float = 1.0):
        super().__init__(params, {"lr": lr, "d": 1e-6, "step": 0})

    @torch.no_grad()
    def step(self, closure=None):
        group = self.param_groups[0]
        group["step"] += 1
        step = group["step"]
        d_numerator = torch.zeros(1, device=group["params"][0].device)
        for p in group["params"]:
            d_numerator.add_(p.grad.abs().sum())
        if step % 100 == 0:
            print(d_numerator.item())
        lr = group["lr"]
        lr = lr * float(step > 10)
        if lr > 0.0:
            print(d_numerator.item())
        return None
