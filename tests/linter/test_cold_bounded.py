"""Bounded guards (issue 22, sixth draw L6): a step counter compared with a constant so
that the guard holds on a few steps only (`if batch_idx < 10:`, `if step == 0:`) makes
its block cold, loops inside included; comparisons that hold on all but a few steps, with
a name, or of a count that may be a setting stay per step."""

from __future__ import annotations

import pytest

from tests.linter.helpers import rule_findings

TEMPLATE = """\
    import torch
    class Task(torch.nn.Module):
        def validation_step(self, batch, batch_idx, step, n_steps, warmup):
            preds = self(batch)
            if {guard}:
                boxes = [p.cpu() for p in preds]
            else:
                labels = [p.cpu() for p in preds]
            return preds
"""


def _branches(guard: str) -> list[str]:
    source = TEMPLATE.format(guard=guard)
    rows = {d.location.row for d in rule_findings("SYN101", source)}
    return [name for name, row in (("body", 6), ("else", 8)) if row in rows]


@pytest.mark.parametrize("guard", [
    "batch_idx < 10", "batch_idx <= 3", "batch_idx == 0", "10 > batch_idx", "step in (0, 1)",
    "self.global_step < 5", "batch_idx < 10 and hasattr(self.logger, 'add_figure')",
    "not batch_idx >= 2"])
def test_a_guard_that_holds_on_a_few_steps_makes_its_body_cold(guard: str) -> None:
    assert _branches(guard) == ["else"]


@pytest.mark.parametrize("guard", ["batch_idx >= 10", "batch_idx != 0", "step > 100"])
def test_the_else_of_a_guard_that_fails_on_a_few_steps_is_cold(guard: str) -> None:
    assert _branches(guard) == ["body"]


@pytest.mark.parametrize("guard", [
    "batch_idx < warmup", "self.n_steps == 1", "n_steps < 2",
    "batch_idx < 10 or self.training", "batch_idx == step"])
def test_look_alikes_keep_both_branches(guard: str) -> None:
    assert _branches(guard) == ["body", "else"]


def test_a_tensor_counter_is_a_tensor_test_not_a_guard() -> None:
    source = """\
        import torch
        def f(xs: list[torch.Tensor], step: torch.Tensor):
            if step < 10:
                return [x.cpu() for x in xs]
    """
    rows = [d.location.row for d in rule_findings("SYN101", source)]
    assert rows == [4]
