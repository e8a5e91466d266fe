# expect: SYN101=1
# why: `weights_at` is None only where the bridge was built without `weights_index`: the test of it is a setting, and `torch.equal` of the router's outputs syncs in every forward when it is set (transformer-lens' MoE bridge, fresh15 M2b)
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
        parts = [weights, indices]
        count = len(parts)
        weights_at = None if self.weights_index is None else self.weights_index % count
        if weights_at is not None:
            if torch.equal(parts[weights_at], indices.float()):
                return weights
        return input
