# expect: SYN101=1
# why: int() of a tensor inside nn.Module.forward: one sync per forward call
import torch
from torch import nn


class TopKRouter(nn.Module):
    def __init__(self, dim: int, experts: int):
        super().__init__()
        self.gate = nn.Linear(dim, experts)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        scores = self.gate(x).softmax(-1)
        keep = scores > 0.1
        k = int(keep.sum(-1).max())
        return scores.topk(max(k, 1), dim=-1).indices
