# expect: SYN101=1
# why: a host read in the body of a `try:` in forward runs on every call; only the handler is a rare path
import torch
from torch import nn


class ClampedHead(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.proj = nn.Linear(dim, 1)
        self.last_scale = 0.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.proj(x)
        try:
            self.last_scale = out.abs().max().item()
        except RuntimeError:
            self.last_scale = float("nan")
        return out
