# expect: SYN101=1
# why: `y` is annotated `Tensor | dict[str, Tensor]`; where `isinstance(y, dict)` holds it is the dict member, whose item is a tensor, and elsewhere the tensor member: `int(y.max())` reads a device tensor on every forward (tabpfn v3, fresh15 M1)
import torch
from torch import nn


class TabPFNV3(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor, y: torch.Tensor | dict[str, torch.Tensor]) -> torch.Tensor:
        if isinstance(y, dict):
            y = y["main"]
        highest_target = int(y.max())
        return self.proj(x)[:, :highest_target]
