# expect: none
# targets: SYN101
# why: `first` is None after the first step (`self.step_count` counts the steps): the read under `if first is not None:` happens once
import torch
from torch import nn


class Probe(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.step_count = 0

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        self.step_count += 1
        first = None if self.step_count > 1 else 0
        if first is not None:
            if torch.equal(input, input * 2):
                return input
        return input
