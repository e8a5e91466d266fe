# expect: none
# targets: SYN102
# why: forward checks a tensor attribute against None and its shape: host reads only
import torch
from torch import nn


class RunningNorm(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.register_buffer("mean", torch.zeros(dim))
        self.cached = None

    def forward(self, x):
        if self.cached is None or self.cached.shape != x.shape:
            self.cached = torch.empty_like(x)
        if self.mean.requires_grad:
            raise RuntimeError("running statistics must not require grad")
        return x - self.mean
