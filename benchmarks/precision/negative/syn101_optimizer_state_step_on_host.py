# expect: none
# targets: SYN101, SYN102
# why: each parameter's `state["step"]` is made on the CPU the first time its state is empty (`torch.zeros(())` without a device, as torch's own Adam does unless capturable) and only incremented after: the bias corrections' `.item()` read host scalars (axolotl's AdamC, fresh16 F2)
import torch
from torch.optim import Optimizer


class AdamC(Optimizer):
    def __init__(self, params, lr: float = 1e-3) -> None:
        super().__init__(params, {"lr": lr})

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            params, steps = [], []
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = torch.zeros((), dtype=torch.float32)
                    state["exp_avg"] = torch.zeros_like(p)
                state["step"] += 1
                if state["step"].item() == 1:
                    state["exp_avg"].copy_(p.grad)
                params.append(p)
                steps.append(state["step"])
            bias = [1 - 0.9 ** step.item() for step in steps]
            torch._foreach_mul_(params, 1 - group["lr"] * bias[0])
