# expect: none
# targets: SYN101
# why: the look-alike: a cache made on the CPU and only ever replaced by CPU tensors stays on the CPU; comparing a batch's lengths with it reads no GPU value
import torch
from torch import nn


class LengthCache(nn.Module):
    def __init__(self):
        super().__init__()
        self._lengths = torch.zeros(1, dtype=torch.long)

    def forward(self, x: torch.Tensor, lengths: list[int]) -> torch.Tensor:
        current = torch.tensor(lengths)
        if not torch.equal(current, self._lengths):
            self._lengths = torch.tensor(lengths)
        return x
