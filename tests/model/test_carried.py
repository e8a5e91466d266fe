"""A value a loop carries through a call (`shapes = recv_obj_meta(shapes)`, fresh14 M4):
the callee's sync under `if obj_shape is None:` happens on the first iteration of each
call when the name is reset to `None` before the loop, and at most once in a run when the
value is kept elsewhere; each with the look-alike that keeps today's answer."""

from __future__ import annotations

import ast

import pytest

from synclint.model.carried import carried_target
from tests.model.probe import findings, line_of

SOURCE = """\
import torch


def recv_obj_meta(obj_shape=None):
    if obj_shape is None:
        nums = torch.empty((), dtype=torch.long, device="cuda")
        if nums.item() == 1:
            obj_shape = [1]
    return obj_shape


class PipelineSchedule:
    def __init__(self) -> None:
        self.shapes = None

    def forward_backward_step(self, n: int, given=None) -> None:
        {setup}
        for _ in range(n):
            {call}


def train(schedule: PipelineSchedule, steps: int) -> None:
    for _ in range(steps):
        schedule.forward_backward_step(4)
"""


def reported(setup: str, call: str) -> list[tuple[int, str]]:
    source = SOURCE.format(setup=setup, call=call)
    return [(d.location.row, d.message) for d in findings(source) if d.code == "SYN101"]


def test_a_name_reset_before_the_loop_syncs_once_per_call() -> None:
    source = SOURCE.format(setup="shapes = None", call="shapes = recv_obj_meta(shapes)")
    found = reported("shapes = None", "shapes = recv_obj_meta(shapes)")
    # Not per microbatch inside the step; once per step, where the training loop calls it.
    assert found == [(line_of(source, "schedule.forward_backward_step(4)"),
                      "`PipelineSchedule.forward_backward_step()` reads a tensor on the host"
                      f" (m.py:{line_of(source, 'nums.item()')}), once per iteration")]


@pytest.mark.parametrize(("setup", "call"), [
    ("pass", "self.shapes = recv_obj_meta(self.shapes)"),   # kept across steps
    ("shapes = given", "shapes = recv_obj_meta(shapes)"),   # the caller's value
    ("shapes = None", "shapes = recv_obj_meta(obj_shape=shapes)"),
])
def test_a_carried_value_not_reset_here_is_not_reported(setup: str, call: str) -> None:
    found = reported(setup, call)
    if "obj_shape=" in call:  # a keyword carries it as well: once per call
        assert [row for row, _ in found] == [line_of(SOURCE, "forward_backward_step(4)")]
    else:
        assert found == []


def test_none_passed_on_every_iteration_syncs_per_iteration() -> None:
    source = SOURCE.format(setup="shapes = None", call="shapes = recv_obj_meta(None)")
    rows = [row for row, _ in reported("shapes = None", "shapes = recv_obj_meta(None)")]
    assert line_of(source, "recv_obj_meta(None)") in rows


@pytest.mark.parametrize(("statement", "carried"), [
    ("x = f(x)", "x"), ("x = f(1, key=x)", "x"), ("self.x = f(self.x)", "self.x"),
    ("x = f(y)", None), ("x, y = f(x)", None), ("x = y = f(x)", None),
    ("self.x = f(other.x)", None), ("x = x.f()", None),
])
def test_carried_target(statement: str, carried: str | None) -> None:
    node = ast.parse(statement).body[0]
    assert isinstance(node, ast.Assign)
    target = carried_target(node)
    assert (None if target is None else ast.unparse(target)) == carried
