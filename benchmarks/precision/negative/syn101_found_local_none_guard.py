# expect: none
# targets: SYN101
# why: look-alike of fresh12 M1: the local tested `is not None` is found in the step's data (the first matching candidate, else None), so whether the branch runs depends on the step; a guarded read on the data is not per-step code
from typing import Any

import torch
from torch import nn


class Matcher(nn.Module):
    def __init__(self, device: str = "cuda") -> None:
        super().__init__()
        self.reference = torch.zeros(8, dtype=torch.long, device=device)

    def forward(self, candidates: list[Any]) -> torch.Tensor:
        found = next((c.numbers for c in candidates if c.numbers.shape[0] == 8), None)
        if found is not None:
            if not torch.equal(found, self.reference):
                raise ValueError("the matching candidate differs from the reference")
        return self.reference.float()
