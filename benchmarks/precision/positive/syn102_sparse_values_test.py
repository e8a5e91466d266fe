# expect: SYN102=1
# targets: SYN102
# why: the look-alike of `_nnz() == 0`: a test of the sparse tensor's values reads the device (added after the issue 22 sample)
import torch
from torch import nn


class SparseLinear(nn.Module):
    def forward(self, z: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
        if s.values().abs().sum() == 0:
            return torch.zeros_like(z)
        return torch.sparse.mm(s, z)
