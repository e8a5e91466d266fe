# expect: SYN102=1
# why: the abstract provider's `get_pattern` says `-> Pattern`, and its only subclass returns an entry of a table it was given (no class the body shows): the annotation makes the result a `Pattern`, whose `revert` keeps the device codes the `if` reads on every call
import abc

import torch
from torch import nn


class Pattern:
    def __init__(self, steps: int) -> None:
        self.steps = steps

    def revert(self, codes: torch.Tensor):
        values = codes[..., : self.steps]
        return values, torch.ones_like(values, dtype=torch.bool)


class PatternProvider(abc.ABC):
    @abc.abstractmethod
    def get_pattern(self, steps: int) -> Pattern:
        raise NotImplementedError()


class TableProvider(PatternProvider):
    def __init__(self, table) -> None:
        self.table = table

    def get_pattern(self, steps):
        return self.table[steps]


class CodeModel(nn.Module):
    def __init__(self, card: int = 1024) -> None:
        super().__init__()
        self.card = card
        self.head = nn.Linear(16, card)

    def forward(self, hidden: torch.Tensor, provider: PatternProvider) -> torch.Tensor:
        codes = self.head(hidden).argmax(-1)
        pattern = provider.get_pattern(codes.shape[-1])
        codes, _ = pattern.revert(codes)
        if (codes == self.card).any():
            codes = codes.clamp(max=self.card - 1)
        return codes
