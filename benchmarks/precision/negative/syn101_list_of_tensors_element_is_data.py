# expect: none
# targets: SYN101
# why: fresh17 M5's look-alike: an element of a list attribute of tensors (`self.masks[0]`) is data, not a setting: its test is itself the sync (here on host masks, so none), and the reads it guards run on some steps only
import torch
from torch import nn


class M(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(4, 4)
        self.masks = [torch.zeros(4, dtype=torch.bool)]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.lin(x)
        if self.masks[0].any():
            print(y.sum().item())
        return y
