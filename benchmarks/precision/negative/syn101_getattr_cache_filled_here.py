# expect: none
# targets: SYN101
# why: look-alike of fresh12 M1: a scale looked up with getattr(owner, "_scale", None) and filled under `is None` in the same function is computed once (a latch), not a setting, so the .item() that computes it is not per-step
import torch
from torch import nn


class Scaled(nn.Module):
    def __init__(self, n: int) -> None:
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n, n))

    def forward(self, x: torch.Tensor, owner: nn.Module) -> torch.Tensor:
        scale = getattr(owner, "_scale", None)
        if scale is None:
            owner._scale = self.weight.abs().max().item()
        return x @ self.weight
