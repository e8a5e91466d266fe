# expect: SYN101=2
# why: a module option (`self.include_std`) and a mode argument are settings, the same on every step: when they hold, the reads under them run on every forward; `include_std=False` and `reduction="mean"` are defaults that skip both branches: opt-in code (checked with --opt-in)
# options: opt-in
import torch
from torch import nn


class ScalarStats(nn.Module):
    def __init__(self, include_std: bool = False) -> None:
        super().__init__()
        self.include_std = include_std
        self.proj = nn.Linear(16, 16)

    def forward(self, x: torch.Tensor, reduction: str = "mean") -> dict:
        y = self.proj(x.cuda())
        stats = {}
        if self.include_std:
            stats["std"] = y.float().std().item()
        if reduction == "max":
            stats["max"] = y.amax().item()
        return stats
