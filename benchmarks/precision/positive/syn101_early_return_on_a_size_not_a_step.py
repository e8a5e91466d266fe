# expect: SYN101=1
# why: an early return on a size's remainder (`in_channels % groups != 0`) is no step interval: the read after it runs on every call
import torch
from torch import nn


class GroupedHead(nn.Module):
    def __init__(self, in_channels: int, groups: int):
        super().__init__()
        self.in_channels = in_channels
        self.groups = groups
        self.proj = nn.Linear(in_channels, in_channels)
        self.last_peak = 0.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.proj(x)
        if self.in_channels % self.groups != 0:
            return out
        self.last_peak = out.abs().max().item()
        return out
