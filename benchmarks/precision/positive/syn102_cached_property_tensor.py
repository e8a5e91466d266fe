# expect: SYN102=1
# why: a `cached_property` runs its getter once per instance, but what it returns is still a GPU tensor: `if self.class_weights.sum() > 0:` tests it as a Python bool
from functools import cached_property

import torch
from torch import nn


class WeightedLoss(nn.Module):
    def __init__(self, counts: list[int], device: torch.device) -> None:
        super().__init__()
        self.counts = counts
        self.device = device

    @cached_property
    def class_weights(self) -> torch.Tensor:
        counts = torch.tensor(self.counts, dtype=torch.float32, device=self.device)
        return counts.sum() / counts.clamp(min=1)

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        if self.class_weights.sum() > 0:
            return nn.functional.cross_entropy(logits, target, weight=self.class_weights)
        return nn.functional.cross_entropy(logits, target)
