# expect: SYN101=1
# why: `weights_index` is a position the bridge is constructed with, not a step counter: `torch.equal` of the router's device outputs syncs in every forward while it is set (transformer-lens' MoE bridge, fresh15 M2)
from typing import Optional

import torch
from torch import nn


class MoEBridge(nn.Module):
    def __init__(self, router: nn.Module, weights_index: Optional[int] = 1) -> None:
        super().__init__()
        self.router = router
        self.weights_index = weights_index

    def forward(self, input: torch.Tensor) -> torch.Tensor:
        weights, indices = self.router(input)
        if self.weights_index is not None:
            if torch.equal(weights, indices.float()):
                return weights
        return input
