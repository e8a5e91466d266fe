# expect: none
# targets: SYN101
# why: `self.step_count` counts the steps another method advances: the read under `self.step_count == 1` happens on the first step only
import torch
from torch import nn


class Step(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.step_count = 0

    def advance(self) -> None:
        self.step_count += 1

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        self.advance()
        if self.step_count == 1:
            print(input.sum().item())
        return input
