# expect: none
# targets: SYN102
# why: the abstract scorer's `score` says `-> torch.Tensor`, but its one project subclass builds the score on the host from a Python list: reached through the held attribute, the `if` tests a CPU tensor, no sync
import abc

import torch
from torch import nn


class Scorer(abc.ABC):
    @abc.abstractmethod
    def score(self, ids: list) -> torch.Tensor:
        raise NotImplementedError()


class LengthScorer(Scorer):
    def score(self, ids: list) -> torch.Tensor:
        return torch.tensor(float(len(ids)))


class Tagger(nn.Module):
    def __init__(self, scorer: Scorer) -> None:
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.scorer = scorer

    def forward(self, x: torch.Tensor, ids: list) -> torch.Tensor:
        if self.scorer.score(ids) > 4:
            x = x * 2
        return self.proj(x)
