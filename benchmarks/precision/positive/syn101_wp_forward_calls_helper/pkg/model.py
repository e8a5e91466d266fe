# expect: SYN101=1
# why: forward calls max_abs(), which calls .item(): one sync per forward call, reported at the call
import torch
from torch import nn

from pkg.debug import max_abs


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(32, 32)
        self.peak = 0.0

    def forward(self, x):
        h = self.proj(x)
        self.peak = max(self.peak, max_abs(h))
        return h
