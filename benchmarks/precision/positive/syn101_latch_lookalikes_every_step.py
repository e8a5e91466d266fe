# expect: SYN101=3
# why: look-alikes of negative/syn101_latch_first_step_state.py (fresh18 L5): a test of the state whose block fills nothing, a test of one attribute whose block sets another, and a state the block empties again, hold on every step: their reads stay reported
import torch


class Sgd(torch.optim.Optimizer):
    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if len(state) == 0:
                    print(p.grad.norm().item())
                if "buf" not in state:
                    state["buf"] = p.abs().max().item()
                    state.clear()
                p.add_(p.grad, alpha=-group["lr"])


class Checked(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self._checked = False

    def forward(self, xs: list[torch.Tensor]):
        for x in xs:
            if not self._checked:
                self.scale = x.abs().max().item()
                self._seen = True
        return xs
