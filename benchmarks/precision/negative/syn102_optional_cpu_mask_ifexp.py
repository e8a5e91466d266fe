# expect: none
# targets: SYN102
# why: `torch.zeros(n, dtype=torch.bool) if pad else None` is a CPU mask or None: testing it after `is not None` reads host memory, no device sync
import torch
from torch import nn


class Collate(nn.Module):
    def forward(self, x: torch.Tensor, pad: bool) -> torch.Tensor:
        mask = torch.zeros(x.shape[0], dtype=torch.bool) if pad else None
        if mask is not None and mask.any():
            x = x[:, :-1]
        return x
