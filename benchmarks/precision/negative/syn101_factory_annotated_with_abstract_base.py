# expect: none
# targets: SYN101
# why: the factory says `-> Approximation`, an abstract base, and picks the subclass by its `kind` option; the loop asks for the diagonal one, whose `fit` stays on the device: the low-rank subclass's `.item()` never runs here (laplace-torch's Laplace(...) and marglik_training)
import abc

import torch


class Approximation(abc.ABC):
    def __init__(self, model: torch.nn.Module) -> None:
        self.model = model

    @abc.abstractmethod
    def fit(self, batches: list) -> None:
        raise NotImplementedError


class DiagApproximation(Approximation):
    def fit(self, batches: list) -> None:
        self.h = sum(self.model(x.cuda()).pow(2).sum(0) for x in batches)


class LowRankApproximation(Approximation):
    def fit(self, batches: list) -> None:
        self.rank = int(torch.linalg.matrix_rank(torch.cat(batches).cuda()).item())


_KINDS = {"diag": DiagApproximation, "lowrank": LowRankApproximation}


def approximation(model: torch.nn.Module, kind: str = "diag") -> Approximation:
    return _KINDS[kind](model)


def tune(model: torch.nn.Module, batches: list, epochs: int) -> None:
    for _ in range(epochs):
        approx = approximation(model, kind="diag")
        approx.fit(batches)
