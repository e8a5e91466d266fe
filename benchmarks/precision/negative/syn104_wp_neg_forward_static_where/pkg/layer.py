# expect: none
# targets: SYN104, SYN101
# why: three-argument torch.where keeps the shape static; forward never syncs
import torch
from torch import nn


class Masked(nn.Module):
    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        return torch.where(mask, x, torch.zeros_like(x)).sum(-1)
