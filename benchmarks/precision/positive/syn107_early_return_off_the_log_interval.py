# expect: SYN107=1
# why: `if step % interval != 0: return` at the top of forward makes the rest run every `interval` steps, as `if step % interval == 0:` would: periodic (SYN107), not per-step (SYN101)
import torch
from torch import nn


class GradNormProbe(nn.Module):
    def __init__(self, model: nn.Module, log_interval: int = 50):
        super().__init__()
        self.model = model
        self.log_interval = log_interval
        self.history: list[float] = []

    def forward(self, x: torch.Tensor, global_step: int = 0) -> torch.Tensor:
        out = self.model(x)
        if global_step % self.log_interval != 0:
            return out
        self.history.append(out.float().norm().item())
        return out
