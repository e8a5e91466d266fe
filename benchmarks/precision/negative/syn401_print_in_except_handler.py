# expect: none
# targets: SYN401
# why: the `print` is in an `except` handler of the compiled module's forward: it runs only when the body raises (an error path), so it breaks no graph on a normal step (fresh13's boltz confidence module)
from __future__ import annotations

import torch
from torch import nn


class Confidence(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(8, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        try:
            out = self.proj(x)
        except RuntimeError as error:
            print(f"confidence failed: {error}")
            raise
        return out


model = torch.compile(Confidence())
