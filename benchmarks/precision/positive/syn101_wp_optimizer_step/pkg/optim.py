# expect: SYN101=1
# why: Optimizer.step runs once per training step; the .item() of the global norm syncs each time
import torch


class ClippedSGD(torch.optim.Optimizer):
    def __init__(self, params, lr=0.1, max_norm=1.0):
        super().__init__(params, dict(lr=lr, max_norm=max_norm))

    @torch.no_grad()
    def step(self, closure=None):
        grads = [p.grad for g in self.param_groups for p in g["params"] if p.grad is not None]
        total = torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(g) for g in grads]))
        scale = min(1.0, self.defaults["max_norm"] / (total.item() + 1e-6))
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"] * scale)
