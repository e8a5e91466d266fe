# expect: none
# targets: SYN101, SYN112
# why: __repr__ and extra_repr run when the object is printed, not per step (diffusers MomentumBuffer.__repr__)
import torch
from torch import nn


class MomentumBuffer:
    def __init__(self, momentum: float):
        self.momentum = momentum
        self.running_average = torch.zeros(())

    def __repr__(self) -> str:
        mean = self.running_average.mean().item()
        norm = self.running_average.norm().item()
        return f"MomentumBuffer(mean={mean:.4f}, norm={norm:.4f})"


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(4))

    def extra_repr(self) -> str:
        return ", ".join(f"{s.item():.3f}" for s in self.scale)

    def forward(self, x):
        return x * self.scale
