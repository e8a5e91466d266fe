"""Recursive functions reach their fixed point: a call of the function itself adds the
syncs its own body does not already make (an argument passed to another parameter),
never a longer chain to the same sync. Before, each evaluation prepended the recursive
call to the chain, so the summary never settled (torch's `generate_simple_inputs` took
344 evaluations, and its chain named the same call 344 times)."""

from __future__ import annotations

import pytest

from synclint.model.project import Project
from tests.model.test_summary_syncs import summary_of

RECURSIVE_UNDER_SETTING = """\
def f(layout, batch, enable_zero_sized=True):
    if batch > 2:
        for item in f(layout, batch - 1):
            pass
    if enable_zero_sized:
        if layout == 3:
            yield 1
"""

SWAPPED = """\
def f(a, b, depth):
    if depth:
        f(b, a, depth - 1)
    b.item()
"""

SELF_CALL_FIRST = """\
def f(x, n):
    if n:
        return f(x, n - 1)
    return x.item()
"""


@pytest.fixture
def evaluations(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    counts: dict[str, int] = {}
    original = Project._evaluate

    def counting(self: Project, function: object) -> object:
        key = function.key  # type: ignore[attr-defined]
        counts[key] = counts.get(key, 0) + 1
        return original(self, function)  # type: ignore[arg-type]

    monkeypatch.setattr(Project, "_evaluate", counting)
    return counts


def test_a_recursive_call_does_not_grow_the_chain(evaluations: dict[str, int]) -> None:
    summary = summary_of(RECURSIVE_UNDER_SETTING)
    chains = {e.name: [site.line for site in e.effect.chain] for e in summary.param_effects}
    # The tests in this body, not through the recursive call.
    assert chains == {"layout": [6], "batch": [2]}
    assert evaluations["m:f"] <= 3


def test_a_recursive_call_with_swapped_arguments_adds_the_other_parameter(
        evaluations: dict[str, int]) -> None:
    summary = summary_of(SWAPPED)
    effects = {(e.name, tuple(site.line for site in e.effect.chain))
               for e in summary.param_effects}
    # `b` syncs here; `a` syncs one level down, where it is passed as `b`.
    assert effects == {("b", (4,)), ("a", (3, 4))}
    assert evaluations["m:f"] <= 3


def test_the_body_s_own_read_is_kept_over_the_recursive_one(
        evaluations: dict[str, int]) -> None:
    summary = summary_of(SELF_CALL_FIRST)
    (effect,) = summary.param_effects
    assert [site.line for site in effect.effect.chain] == [4]
    assert evaluations["m:f"] <= 3



SELF_CALL_UNDER_A_SETTING = """\
import torch


class Tree:
    def walk(self, t):
        if self.deep:
            self.walk(t)
        return torch.ones(1, device="cuda").item()
"""


def test_a_self_call_under_a_setting_before_the_body_s_own_sync_keeps_the_own_sync(
        evaluations: dict[str, int]) -> None:
    (effect,) = summary_of(SELF_CALL_UNDER_A_SETTING, "Tree.walk").syncs
    assert [site.line for site in effect.chain] == [8]
    assert evaluations["m:Tree.walk"] <= 3
