"""The torch.where fix of SYN102 (`if c: x = a` / `else: x = b`): offered unsafe, only for
a select of one name by one tensor condition, both branches free of side effects."""

from __future__ import annotations

import textwrap

import pytest

from synclint.diagnostics import Applicability
from synclint.fixer import fix_source
from tests.linter.helpers import rule_findings


def select(test: str, a: str, b: str) -> str:
    return textwrap.dedent(f"""\
        import torch
        def f(x: torch.Tensor, y: torch.Tensor, log):
            if {test}:
                out = {a}
            else:
                out = {b}
            return out
    """)


def test_a_select_gets_an_unsafe_where_fix_with_the_reason() -> None:
    source = select("torch.isnan(x).any()", "torch.zeros_like(x)", "x * 2")
    (finding,) = rule_findings("SYN102", source)
    assert finding.fix is not None and finding.fix.applicability is Applicability.UNSAFE
    assert "broadcasts" in (finding.help or "")
    assert "out = torch.where(torch.isnan(x).any(), torch.zeros_like(x), x * 2)" in fix_source(
        source, "x.py", ["SYN102"], unsafe=True).text
    assert fix_source(source, "x.py", ["SYN102"]).text == source


@pytest.mark.parametrize(("test", "a", "b"), [
    ("x.any()", "log(x)", "y"),  # a call that would run when not taken
    ("x.any()", "x[0]", "y"),  # a subscript that could raise when not taken
    ("x.any() and y.any()", "x", "y"),  # `and` is still read on the host
    ("x.any()", "1", "2"),  # no tensor value: the result would become a tensor
])
def test_no_fix_where_both_branches_cannot_run(test: str, a: str, b: str) -> None:
    for finding in rule_findings("SYN102", select(test, a, b)):
        assert finding.fix is None


def test_different_names_or_extra_statements_are_not_a_select() -> None:
    source = textwrap.dedent("""\
        import torch
        def f(x: torch.Tensor):
            if x.any():
                a = x
            else:
                b = x
            if x.all():
                c = x
                d = x
            else:
                c = x
    """)
    assert all(f.fix is None for f in rule_findings("SYN102", source))
