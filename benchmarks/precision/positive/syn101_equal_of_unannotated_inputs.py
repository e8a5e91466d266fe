# expect: SYN101=2
# targets: SYN101
# why: `torch.equal` and `torch.allclose` take tensors only, so their unannotated arguments in a module's forward are the step's tensors, and the comparison returns a Python bool on every call (speechbrain's attention `if torch.equal(query, key):`, third fresh draw H)
import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, query, key, value):
        if torch.equal(query, key) and torch.allclose(key, value):
            return self.proj(query)
        return self.proj(query + key + value)
