# expect: SYN102=1
# why: the module keeps an abstract provider from its annotated constructor parameter; `self.provider.get_pattern()` runs the one project subclass's override, whose pattern reverts the device codes, and `forward` asserts on them every call (audiocraft's LMModel.generate, eleventh draw M2)
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


class DelayedProvider(PatternProvider):
    def get_pattern(self, steps: int) -> Pattern:
        return Pattern(steps)


class CodeModel(nn.Module):
    def __init__(self, provider: PatternProvider, card: int = 1024) -> None:
        super().__init__()
        self.card = card
        self.head = nn.Linear(16, card)
        self.provider = provider

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        codes = self.head(hidden).argmax(-1)
        pattern = self.provider.get_pattern(codes.shape[-1])
        codes, _ = pattern.revert(codes)
        assert (codes < self.card).all()
        return codes
