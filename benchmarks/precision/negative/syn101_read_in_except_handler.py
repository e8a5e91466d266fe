# expect: none
# targets: SYN101
# why: the host read sits in the `except` handler of forward (a rare path); the `try` body reads nothing
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class SafeHead(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.proj = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        try:
            return self.proj(x)
        except RuntimeError:
            logger.warning("projection failed, input max %.3f", x.abs().max().item())
            raise
