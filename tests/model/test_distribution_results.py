"""What a distribution's `entropy()`, `log_prob()` and `rsample()` give on a value of
unknown kind in torch code: a tensor (`knowledge.torch.DISTRIBUTION_TENSOR_METHODS`); a
SciPy object's are host values."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import NUMPY, TENSOR, UNKNOWN
from tests.model.probe import probe

POLICY = """\
import torch

def f(model, states, actions):
    pout, values = model(states)
    seen(pout.{call})
"""


@pytest.mark.parametrize("call", ["entropy()", "log_prob(actions)", "rsample()",
                                  "entropy().mean()"])
def test_a_distribution_s_results_are_tensors(call: str) -> None:
    assert probe(POLICY.format(call=call)) is TENSOR


def test_sample_keeps_its_other_meanings() -> None:
    assert probe(POLICY.format(call="sample()")) is UNKNOWN


def test_without_torch_nothing_is_claimed() -> None:
    source = POLICY.format(call="entropy()").replace("import torch\n", "import numpy\n")
    assert probe(source) is UNKNOWN


def test_a_scipy_distribution_s_entropy_is_a_host_value() -> None:
    source = """\
import torch
from scipy import stats

def f(scale):
    dist = stats.norm(loc=0.0, scale=scale)
    seen(dist.entropy())
"""
    assert probe(source) is NUMPY
