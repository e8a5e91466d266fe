# expect: none
# targets: SYN101
# why: the `else` of a counter test that returns is the first step only, and an `if`/`else` on the data where neither branch leaves picks either: neither read runs on every step
import torch
from torch import nn


class Warmup(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x: torch.Tensor, batch_idx: int = 0) -> torch.Tensor:
        y = self.proj(x.cuda())
        if batch_idx > 0:
            return y
        else:
            self.first_mean = y.mean().item()
        if y.numel() > 1_000_000:
            self.spread = y.float().std().item()
        else:
            self.spread = 0.0
        return y
