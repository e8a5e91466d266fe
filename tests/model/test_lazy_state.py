"""A lazy buffer's latch (torchrl's `ActionScaling._ensure_initialized`, `_action.py:1404`):
torch materialises an `nn.UninitializedBuffer` once and never un-materialises it, so the
code a test of it guards runs on the first step only, on one side, and on every later
step on the other."""

from __future__ import annotations

import ast

import pytest

from synclint.model.lazy_state import returned_state, state
from tests.model.probe import line_of, syncs

MODULE = """\
import torch
from torch import nn


class Scaling(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("loc", nn.UninitializedBuffer())

    @property
    def initialized(self) -> bool:
        return not isinstance(self.loc, nn.UninitializedBuffer)

    def _ensure(self, low: torch.Tensor, high: torch.Tensor) -> None:
        {guard}
        self._from_bounds(low, high)

    def _from_bounds(self, low: torch.Tensor, high: torch.Tensor) -> None:
        if (high <= low).any():
            raise ValueError("high must exceed low")
        self.loc.materialize(shape=low.shape, dtype=low.dtype)
        self.loc.data.copy_((high + low) / 2)

    def forward(self, action, low, high):
        self._ensure(low, high)
        return action - self.loc
"""


def _calls_reported(guard: str) -> bool:
    source = MODULE.format(guard=guard)
    return f"SYN102:{line_of(source, 'self._ensure(low')}" in syncs(source)


@pytest.mark.parametrize("guard", [
    "if self.initialized:\n            return",
    "if not isinstance(self.loc, nn.UninitializedBuffer):\n            return",
    "if not nn.parameter.is_lazy(self.loc):\n            return",
])
def test_the_code_after_a_materialised_latch_runs_on_the_first_step_only(guard: str) -> None:
    assert not _calls_reported(guard)


@pytest.mark.parametrize("guard", [
    "if not self.initialized:\n            return",
    "if self.training:\n            return",
    "pass",
])
def test_the_code_after_another_guard_runs_every_step(guard: str) -> None:
    assert _calls_reported(guard)


@pytest.mark.parametrize(("test", "expected"), [
    ("isinstance(self.w, nn.UninitializedParameter)", False),
    ("not isinstance(self.w, (UninitializedBuffer, int))", True),
    ("self.has_uninitialized_params()", False),
    ("isinstance(self.w, torch.Tensor)", None),
    ("self.initialized", None),
])
def test_a_test_of_lazy_values_says_which_side_is_materialised(
        test: str, expected: bool | None) -> None:
    assert state(ast.parse(test, mode="eval").body) is expected


def test_a_property_returns_the_state_it_tests() -> None:
    function = ast.parse(
        "def initialized(self):\n    return not isinstance(self.loc, nn.UninitializedBuffer)"
    ).body[0]
    assert isinstance(function, ast.FunctionDef)
    assert returned_state(function) is True
