"""Objects of plain project classes called like functions run their `__call__`, with its
syncs; a truth test of a parameter's `.any()`/`.all()` (or of each element of a
parameter) is a parameter effect that callers passing a device tensor make happen."""

from __future__ import annotations

import pytest

from tests.model.probe import findings, line_of
from tests.model.test_summary_syncs import summary_of

METER = """\
import torch

class Meter:
    def __call__(self, loss):
        return loss.item()

class Net(torch.nn.Module):
    def forward(self, x):
        return x.item()

def f(model: torch.nn.Module, x: torch.Tensor):
    meter, net = Meter(), Net()
    meter(x.cuda().sum())
"""

MODULE_ONLY = METER.replace("    meter(x.cuda().sum())", "    net(x.cuda())")


def test_a_callable_object_s_syncs_are_the_caller_s() -> None:
    (effect,) = summary_of(METER).param_effects
    assert (effect.name, effect.effect.code) == ("x", "SYN101")
    assert [site.message for site in effect.effect.chain][0] == "calls `Meter.__call__()`"


def test_a_module_s_forward_keeps_its_own_syncs() -> None:
    summary = summary_of(MODULE_ONLY)
    assert summary.syncs == () and summary.param_effects == ()


def test_a_test_of_a_parameter_s_any_is_a_parameter_effect() -> None:
    summary = summary_of("def f(labels):\n    return 1 if labels.ne(-100).any() else 0\n")
    assert [(e.name, e.strength, e.effect.code) for e in summary.param_effects] == [
        ("labels", "value", "SYN102")]


@pytest.mark.parametrize("test", ["(labels != -100).any()", "(labels > 0).all()"])
def test_a_test_of_a_comparison_of_a_parameter_is_a_parameter_effect(test: str) -> None:
    summary = summary_of(f"def f(labels):\n    return 1 if {test} else 0\n")
    assert [(e.name, e.strength, e.effect.code) for e in summary.param_effects] == [
        ("labels", "value", "SYN102")]


@pytest.mark.parametrize("test", ["(n != -100).any()", "(labels.dim() > 0).all()"])
def test_a_comparison_of_no_parameter_is_no_parameter_effect(test: str) -> None:
    summary = summary_of(f"def f(labels, m):\n    n = m.size\n    return 1 if {test} else 0\n")
    assert summary.param_effects == ()


def test_each_element_of_a_parameter_tested() -> None:
    source = ("def f(rows):\n    n = 0\n    for row in rows:\n"
              "        mask = row != 0\n        if mask.all():\n            n += 1\n    return n\n")
    assert [(e.name, e.effect.code) for e in summary_of(source).param_effects] == [
        ("rows", "SYN102")]


def test_a_local_s_any_is_not_a_parameter_s() -> None:
    source = "def f(n):\n    mask = make(n)\n    return 1 if mask.any() else 0\n"
    assert summary_of(source).param_effects == ()


HELD = """\
import numpy as np
import torch


class Embedding:
    def __init__(self, device: torch.device):
        self.device = device

    def __call__(self, waveforms: torch.Tensor):
        return waveforms.to(self.device).sum(-1).cpu().numpy()


class Collate:
    def __call__(self, items):
        return np.asarray(items)


class Pipeline:
    def __init__(self):
        self._embedding = Embedding(torch.device("cuda"))
        self._collate = Collate()

    def apply(self, batches, items):
        embedded = [self._embedding(batch) for batch in batches]
        return embedded, [self._collate(item) for item in items]
"""


def test_an_object_held_by_an_attribute_runs_its_call_in_a_loop() -> None:
    # fresh10 M5: `self._embedding(batch)` is followed as `self._embedding.embed(batch)`;
    # a held object whose `__call__` reads nothing (`self._collate`) is not reported.
    found = [(d.code, d.location.row) for d in findings(HELD)]
    assert found == [("SYN101", line_of(HELD, "embedded = "))]
