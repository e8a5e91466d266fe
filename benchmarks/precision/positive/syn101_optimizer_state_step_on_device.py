# expect: SYN101=2
# why: here the first step makes `state["step"]` on the parameter's device (a capturable optimiser), and in `reset` another store puts a device tensor there: each `.item()` per parameter reads a GPU scalar (look-alike of syn101_optimizer_state_step_on_host)
import torch
from torch.optim import Optimizer


class CapturableAdam(Optimizer):
    def __init__(self, params, lr: float = 1e-3) -> None:
        super().__init__(params, {"lr": lr})

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if not state:
                    state["step"] = torch.zeros((), device=p.device)
                state["step"] += 1
                p.mul_(1 - group["lr"] / state["step"].item())


class RestartingAdam(Optimizer):
    def __init__(self, params, lr: float = 1e-3) -> None:
        super().__init__(params, {"lr": lr})

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if not state:
                    state["step"] = torch.zeros(())
                if p.grad is None:
                    state["step"] = p.new_zeros(())
                state["step"] += 1
                p.mul_(1 - group["lr"] / state["step"].item())
