# expect: none
# targets: SYN101
# why: reads after `if not self.debug: return` run only when debugging is switched on
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim: int, debug: bool = False) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.debug = debug

    def _trace(self, name: str, x: torch.Tensor) -> None:
        if not self.debug:
            return
        print(f"{name}: max {x.abs().max().item():.3e}, mean {x.mean().item():.3e}")

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.proj(x)
        self._trace("proj", out)
        return out
