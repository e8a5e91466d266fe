# expect: SYN401=1
# why: the same compiled forward printing in the `try` body: that runs on every step and breaks the graph there
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
            print(f"confidence shape: {out.shape}")
        except RuntimeError:
            raise
        return out


model = torch.compile(Confidence())
