"""`a or B()` of an object of a project class and one of a class deriving from it is an
object of the base, whose methods a call resolves (fresh18 M2: allennlp's `self.sampler =
sampler or DeterministicSampler()`); unrelated classes, and a class and a non-object,
still join to an unknown value."""

from __future__ import annotations

from synclint.analysis.kinds import TENSOR, UNKNOWN, Instance
from tests.model.probe import probes

SOURCE = """\
from typing import Optional

import torch


class Sampler:
    def sample(self, x: torch.Tensor) -> torch.Tensor:
        return x.topk(2).indices


class Greedy(Sampler):
    pass


class Other:
    def sample(self, x: torch.Tensor) -> list:
        return x.tolist()


def f(x: torch.Tensor, sampler: Optional[Sampler] = None, other: Optional[Other] = None):
    seen(sampler or Greedy())
    seen(Greedy() or sampler)
    chosen = sampler or Greedy()
    seen(chosen.sample(x))
    seen(other or Greedy())
    seen(sampler or 0)
"""


def test_an_object_or_one_of_a_derived_class_is_the_bases() -> None:
    base = Instance("m:Sampler")
    assert probes(SOURCE) == [base, base, TENSOR, UNKNOWN, UNKNOWN]
