# expect: SYN101=1
# why: __getitem__ of a class that is no Dataset (a model's per-step view) keeps its finding
import torch
from torch import nn


class Heads(nn.Module):
    def __init__(self, n: int):
        super().__init__()
        self.heads = nn.ModuleList(nn.Linear(8, 8) for _ in range(n))
        self.gates = nn.Parameter(torch.ones(n))

    def __getitem__(self, idx: int) -> list[float]:
        return [g.item() for g in self.gates[: idx + 1]]
