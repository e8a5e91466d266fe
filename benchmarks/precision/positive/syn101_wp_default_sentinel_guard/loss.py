# expect: SYN101=1
# why: `eps == -1.0` compares the helper's parameter with its own default: the read under it runs on the default path, which the module takes on every forward unless a user sets `eps`
from typing import Callable, Optional

import torch
from torch import nn

from sure import sure_loss


class SURELoss(nn.Module):
    def __init__(self, eps: Optional[float] = None) -> None:
        super().__init__()
        self.eps = eps

    def forward(self, operator: Callable, x: torch.Tensor,
                y_pseudo_gt: torch.Tensor) -> torch.Tensor:
        eps = self.eps if self.eps is not None else -1.0
        return sure_loss(operator, x, y_pseudo_gt, eps)
