# expect: SYN104=1
# why: nonzero() in forward makes a data-dependent shape on every forward call
import torch
import torch.nn as nn


class MaskedMean(nn.Module):
    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        idx = mask.nonzero(as_tuple=True)
        return x[idx].mean()
