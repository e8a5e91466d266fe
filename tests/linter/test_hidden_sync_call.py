"""SYN110 hidden-sync-call: calls that read the GPU inside, and their look-alikes."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Applicability
from synclint.fixer import fix_source
from tests.linter.helpers import rule_findings

CODE = "SYN110"
HEADER = ("import torch\n"
          "def f(t: torch.Tensor, u: torch.Tensor, m: torch.nn.Module, scaler, xs: list[float]):\n")


def anywhere(statement: str) -> str:
    return HEADER + f"    {statement}\n"


def in_loop(statement: str) -> str:
    return HEADER + f"    for _ in range(3):\n        {statement}\n"


@pytest.mark.parametrize("statement", [
    "y = torch.is_nonzero(t)", "y = t.is_nonzero()", "y = t.type(torch.LongTensor)",
    "y = t.type(torch.FloatTensor)", "y = t.type('torch.HalfTensor')",
    "y = t.type(dtype=torch.BoolTensor)", "y = torch.tensor([t, u])",
    "y = torch.as_tensor((t.sum(), u.sum()))", "y = torch.tensor([t.item(), u.item()])",
    "y = torch.tensor([float(t), 1.0])",
    "torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0, error_if_nonfinite=True)",
])
def test_hidden_reads_are_reported_anywhere(statement: str) -> None:
    assert len(rule_findings(CODE, anywhere(statement))) == 1, statement


@pytest.mark.parametrize("statement", [
    "y = t.long()", "y = t.type(torch.int64)", "y = t.type(torch.cuda.LongTensor)",
    "y = t.cpu().type(torch.LongTensor)", "y = t.type()", "y = torch.tensor([1.0, 2.0])",
    "y = torch.tensor(xs)", "y = torch.stack([t, u])",
    "torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)",
    "torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0, error_if_nonfinite=False)",
    "y = scaler.get_scale()", "torch.cuda.empty_cache()",
])
def test_casts_host_data_and_one_off_calls_are_not_reported(statement: str) -> None:
    assert rule_findings(CODE, anywhere(statement)) == []


@pytest.mark.parametrize("statement", [
    "y = scaler.get_scale()", "y = self_scaler.get_scale()", "torch.cuda.empty_cache()",
    "torch.xpu.empty_cache()",
])
def test_per_step_calls_are_reported_in_loops(statement: str) -> None:
    assert len(rule_findings(CODE, in_loop(statement.replace("self_scaler", "scaler")))) == 1


def test_item_reads_inside_torch_tensor_in_a_loop_are_left_to_syn101() -> None:
    source = in_loop("y = torch.tensor([t.item(), u.item()])")
    assert rule_findings(CODE, source) == []
    assert len(rule_findings("SYN101", source)) == 2


def test_get_scale_of_something_else_is_not_reported() -> None:
    assert rule_findings(CODE, in_loop("y = m.get_scale()")) == []


def test_type_fix_is_an_unsafe_cast_on_the_device() -> None:
    (finding,) = rule_findings(CODE, anywhere("y = t.argmax(-1).type(torch.LongTensor)"))
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert finding.help is not None and "No safe fix" in finding.help
    source = anywhere("y = t.argmax(-1).type(torch.LongTensor)")
    assert "y = t.argmax(-1).long()" in fix_source(source, "x.py", [CODE], unsafe=True).text
    assert fix_source(source, "x.py", [CODE]).text == source
