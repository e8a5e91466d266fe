"""A fixed statement too long for its line is split the way black splits it, into valid
Python, when it is an augmented assignment (`total += x.norm(2) ** 2`): black puts the
right-hand side in parentheses. Before, the line was split at the `** 2` outside any
bracket: the fix was discarded as invalid Python, and JSON and the editor got it as is."""

from __future__ import annotations

import ast
import math

import torch

from synclint.engine import lint_source
from synclint.fixer import fix_source

CODE = "SYN301"
#: The squared-norm accumulation of SYN301's page, with a name long enough that the fixed
#: line is over black's 88 characters.
SOURCE = """\
import torch


def total(params: list[torch.Tensor]) -> float:
    accumulated_squared_norm_of_everything = 0.0
    for p in params:
        accumulated_squared_norm_of_everything {op} p.norm(2) ** 2
    return float(accumulated_squared_norm_of_everything)
"""


def _run(source: str, params: list[torch.Tensor]) -> float:
    namespace: dict[str, object] = {}
    exec(compile(source, "example.py", "exec"), namespace)  # noqa: S102
    function = namespace["total"]
    assert callable(function)
    result = function(params)
    assert isinstance(result, float)
    return result


def test_a_long_augmented_assignment_is_fixed_into_valid_python() -> None:
    source = SOURCE.format(op="+=")
    result = fix_source(source, "example.py", [CODE], unsafe=True)
    assert result.error is None and not result.discarded, result.discarded
    assert result.text != source
    ast.parse(result.text)
    assert max(len(line) for line in result.text.splitlines()) <= 88
    assert not [d for d in lint_source(result.text, "example.py", [CODE]).diagnostics
                if d.code == CODE]
    params = [torch.full((3, 4), 0.5), torch.arange(6, dtype=torch.float32)]
    before, after = _run(source, params), _run(result.text, params)
    assert math.isclose(before, after, rel_tol=1e-6)


def test_the_edit_json_carries_is_valid_python_too() -> None:
    source = SOURCE.format(op="+=")
    (finding,) = [d for d in lint_source(source, "example.py", [CODE]).diagnostics
                  if d.code == CODE and d.fix is not None]
    lines = source.splitlines(keepends=True)
    for edit in sorted(finding.fix.edits, key=lambda e: (e.location.row, e.location.column),
                       reverse=True):
        start = sum(len(line) for line in lines[:edit.location.row - 1]) \
            + edit.location.column - 1
        end = sum(len(line) for line in lines[:edit.end_location.row - 1]) \
            + edit.end_location.column - 1
        text = "".join(lines)
        lines = (text[:start] + edit.content + text[end:]).splitlines(keepends=True)
    ast.parse("".join(lines))
