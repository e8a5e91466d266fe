# expect: none
# targets: SYN101
# why: a host read in nn.Module.__init__ runs once, when the model is built
import torch
from torch import nn


class Embedding(nn.Module):
    def __init__(self, weight: torch.Tensor):
        super().__init__()
        self.vocab = int(weight.shape[0])
        self.scale = float(weight.float().std().item())
        self.weight = nn.Parameter(weight / self.scale)

    def forward(self, ids):
        return self.weight[ids]
