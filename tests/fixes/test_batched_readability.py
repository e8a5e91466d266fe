"""The batched fix reads like hand-written code: on every batched shape it rewrites,
`ruff check --select E,F,W,B` finds nothing new (long lines aside: a comprehension
rewritten in place is not re-wrapped yet), and the black-style layout helper keeps lines
within the limit."""

from __future__ import annotations

import shutil

import pytest

from benchmarks.fix_readability import fixed_shapes, lines_added, new_findings
from synclint.fixes.layout import statement


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_fixed_shapes_have_no_new_ruff_findings() -> None:
    found = new_findings(fixed_shapes())
    assert found is not None
    new = [f"{name}: {finding}" for name, findings in found.items() for finding in findings
           if not finding.startswith("E501")]
    assert new == []


def test_lines_added_counts_added_minus_removed_lines() -> None:
    assert lines_added("a\nb\n", "a\nx\ny\nb\n") == 2
    assert lines_added("a\nb\n", "a\nc\n") == 0


def test_a_long_statement_is_split_the_way_black_splits_it() -> None:
    lines = statement("values = ", "torch.stack([r if r.device == device else r.to(device) "
                      "for r in norms]).tolist() if norms else []", indent="    ")
    assert lines == [
        "values = (",
        "    torch.stack([r if r.device == device else r.to(device) for r in norms]).tolist()",
        "    if norms",
        "    else []",
        ")",
    ]
    assert statement("x = ", "[a for a in b]", indent="") == ["x = [a for a in b]"]
    lines = statement("reads = ", "[(p.grad.norm() if p.grad is not None else None, "
                      "p.data.norm(), p.data.abs().max()) for name, p in "
                      "model.named_parameters()]", indent="        ")
    assert lines[0] == "reads = ["
    assert lines[-1] == "]"
    assert all(len("        " + line) <= 88 for line in lines)
    assert "    for name, p in model.named_parameters()" in lines
