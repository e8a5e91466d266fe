# expect: none
# targets: SYN101, SYN105
# why: issue 22, fresh18 L5 (fairseq's Adafactor): an optimiser's `if len(state) == 0:` block fills the parameter's state on its first step only, and `if not self._checked: ...; self._checked = True` runs once: latches, whose bodies run a bounded number of times, not on every step
import torch


class Adafactor(torch.optim.Optimizer):
    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad
                state = self.state[p]
                if len(state) == 0:
                    state["step"] = 0
                    state["exp_avg_sq_row"] = torch.zeros(grad.shape[:-1]).to(grad)
                    state["scale"] = p.abs().max().item()
                if "momentum" not in state:
                    state["momentum"] = torch.zeros(grad.shape).to(grad)
                state["step"] += 1
                p.add_(grad, alpha=-group["lr"])


class Checked(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self._checked = False

    def forward(self, xs: list[torch.Tensor]):
        for x in xs:
            if not self._checked:
                self.scale = x.abs().max().item()
                self._checked = True
        return xs
