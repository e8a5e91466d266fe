"""Latches (`analysis/latches.py`, fresh18 L5): the body of an `if` that makes its own test
false runs once per object or per state key, so its reads are cold; look-alikes whose
body leaves the test true keep their findings."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

TEMPLATE = """\
import torch


class Opt(torch.optim.Optimizer):
    def __init__(self, params):
        super().__init__(params, {{}})
        self._checked = False

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                if {test}:
{body}
                p.add_(p.grad)
"""
_READ = "                    scale = p.abs().max().item()\n"


def findings(test: str, body: str) -> list[int]:
    source = TEMPLATE.format(test=test, body=_READ + body)
    return [d.location.row for d in rule_findings("SYN101", source)]


@pytest.mark.parametrize(("test", "body"), [
    ("len(state) == 0", '                    state["step"] = 0\n'),
    ("not state", '                    state["scale"] = scale\n'),
    ('"exp_avg" not in state', '                    state["exp_avg"] = torch.zeros_like(p)\n'),
    ("not self._checked", "                    self._checked = True\n"),
    ("self._checked is False", "                    self._checked = scale > 0\n"),
    ('not hasattr(self, "scale")', "                    self.scale = scale\n"),
])
def test_a_latch_body_runs_once_per_object_or_key(test: str, body: str) -> None:
    assert findings(test, body) == []


@pytest.mark.parametrize(("test", "body"), [
    ("len(state) == 0", "                    print(scale)\n"),
    ('"exp_avg" not in state', '                    state["other"] = 0\n'),
    ("len(state) == 0", '                    state["step"] = 0\n                    state.clear()\n'),
    ("not state", '                    state["step"] = 0\n                    del state["step"]\n'),
    ("not self._checked", "                    self._seen = True\n"),
    ("not self._checked", "                    self._checked = False\n"),
    ("self._checked is None", "                    self._checked = None\n"),
])
def test_a_body_that_leaves_its_test_true_runs_every_step(test: str, body: str) -> None:
    assert findings(test, body) == [15]
