# expect: SYN102=1
# why: a buffer registered in __init__ is a tensor; forward tests it as a bool on every call
import torch
from torch import nn


class WarmupScale(nn.Module):
    def __init__(self, steps: int):
        super().__init__()
        self.register_buffer("seen", torch.zeros((), dtype=torch.long))
        self.steps = steps

    def forward(self, x):
        self.seen += 1
        if self.seen < self.steps:
            return x * 0.5
        return x
