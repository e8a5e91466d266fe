# expect: none
# targets: SYN101
# why: `forward` of a class that is not an nn.Module is not per-step code
import torch


class Report:
    def __init__(self, losses: torch.Tensor):
        self.losses = losses

    def forward(self) -> float:
        return self.losses.mean().item()
