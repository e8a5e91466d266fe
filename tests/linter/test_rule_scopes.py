"""Every rule, run on its own examples moved to module level, into a class body and into
notebook cells (where no function encloses the code), neither crashes nor gives up on
the file: no internal error, no FileError, in `check` and in `fix --unsafe-fixes`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from synclint.config import Settings
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.rule_info import known_codes
from synclint.rules import ALL_RULES
from synclint.runner import FixOptions, check_one
from tests.linter.scopes import class_body, notebook, scoped_cases
from tests.robustness.properties import compile_problem

CASES = scoped_cases()
IDS = [label for label, _ in CASES]
EVERY_RULE = known_codes()


def _assert_checked_and_fixed(source: str) -> None:
    output = lint_source(source, "example.py", EVERY_RULE)
    assert output.error is None, output.error
    fixed = fix_source(source, "example.py", EVERY_RULE, unsafe=True)
    assert fixed.error is None, fixed.error
    assert compile_problem(fixed.text) is None, fixed.text


def test_the_examples_are_moved_out_of_their_functions() -> None:
    # Most examples are functions; every rule with a function among its INVALID examples
    # is covered (SYN000's do not parse, SYN100's are comments, runtime-only ones have none).
    assert len(CASES) >= 150
    with_functions = {code for code, rule in ALL_RULES.items() for example in rule.INVALID
                      if _has_function(example if isinstance(example, str) else example.code)}
    assert len(with_functions) >= 14
    assert {label.split("-")[0] for label in IDS} >= with_functions


def _has_function(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.FunctionDef) and not node.decorator_list
               for node in tree.body)


@pytest.mark.parametrize(("label", "source"), CASES, ids=IDS)
def test_rules_at_module_level_never_crash(label: str, source: str) -> None:
    _assert_checked_and_fixed(source)


@pytest.mark.parametrize(("label", "source"), CASES, ids=IDS)
def test_rules_in_a_class_body_never_crash(label: str, source: str) -> None:
    _assert_checked_and_fixed(class_body(source))


@pytest.mark.parametrize(("label", "source"), CASES, ids=IDS)
def test_rules_in_notebook_cells_never_crash(label: str, source: str,
                                            tmp_path: Path) -> None:
    path = tmp_path / "cells.ipynb"
    path.write_text(notebook(source), encoding="utf-8")
    settings = Settings(codes=EVERY_RULE, root=tmp_path)
    checked = check_one(str(path), settings)
    assert checked.result.errors == (), checked.result.errors
    fixed = check_one(str(path), settings, FixOptions(unsafe=True, write=False))
    assert fixed.result.errors == () and fixed.write_error is None, fixed.result.errors


def test_two_host_reads_at_module_level_are_one_finding_not_a_crash() -> None:
    # The reproduction: SYN112 read `ctx.parents[0]` after leaving the module.
    source = ("import torch\nx = torch.randn(3, device=\"cuda\")\n"
              "a = x.sum().item()\nb = x.max().item()\n")
    output = lint_source(source, "x.py", ["SYN112"])
    assert output.error is None
    assert [(d.code, d.location.row) for d in output.diagnostics] == [("SYN112", 3)]
    fixed = fix_source(source, "x.py", ["SYN112"], unsafe=True)
    assert fixed.error is None and fixed.changed
    namespace: dict[str, object] = {}
    exec(compile(fixed.text.replace('device="cuda"', 'device="cpu"'), "x.py", "exec"),
         namespace)
    assert isinstance(namespace["a"], float) and isinstance(namespace["b"], float)
