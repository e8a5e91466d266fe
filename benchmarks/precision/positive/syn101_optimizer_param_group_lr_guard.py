# expect: SYN101=2
# why: `lr = group["lr"]; if lr > 0.0:` tests an optimiser hyperparameter from `param_groups` (a setting of the run, default 1.0), not a step's data: the reads under it run on every optimiser step (fresh10 M1, D-Adapt)
import torch
from torch.optim import Optimizer


class DAdaptLion(Optimizer):
    def __init__(self, params, lr: float = 1.0, betas=(0.9, 0.99)):
        super().__init__(params, {"lr": lr, "betas": betas, "d": 1e-6, "step": 0})

    @torch.no_grad()
    def step(self, closure=None):
        group = self.param_groups[0]
        sk_l1 = torch.zeros(1, device=group["params"][0].device)
        for p in group["params"]:
            sk_l1.add_(p.grad.abs().sum())
        d, lr = group["d"], group["lr"]
        if lr > 0.0:
            d_hat = (2.0 / sk_l1).item()
            group["d"] = max(d, d_hat)
        if group["lr"] > 0.0:
            group["d"] = max(group["d"], sk_l1.item())
        return None
