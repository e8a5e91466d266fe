# expect: SYN102=1
# why: `scale` is a property whose getter returns a tensor (`self.log_scale.exp()`, a buffer): `if self.scale > 1:` in `forward` tests a GPU tensor as a Python bool on every call
import torch
from torch import nn


class TemperedHead(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("log_scale", torch.zeros(()))

    @property
    def scale(self) -> torch.Tensor:
        return self.log_scale.exp()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.proj(x)
        if self.scale > 1:
            out = out / self.scale
        return out
