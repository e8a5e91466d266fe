"""Every entry point reports what `synclint check` reports (DESIGN.md section 10): fix's
final report, --diff, standard input, the language server and the flake8 plugin, over
every multi-file case of the precision set (each copied into a project of its own). A case
labelled `options: opt-in` gets `opt-in = true` in its configuration, which every entry
point reads."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from synclint.config import Overrides, resolve_settings
from synclint.diagnostics import Diagnostic
from synclint.files import discover
from synclint.runner import FixOptions, all_diagnostics, check_paths

PRECISION = Path(__file__).resolve().parents[2] / "benchmarks" / "precision"
CASES = sorted(p for p in PRECISION.glob("*/*") if p.is_dir())
Finding = tuple[str, int, int, str, str]


@pytest.fixture
def project(request: pytest.FixtureRequest, tmp_path: Path,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    case: Path = request.param
    root = tmp_path / case.name
    shutil.copytree(case, root)
    opt_in = any("# options: opt-in" in p.read_text(encoding="utf-8")
                 for p in root.rglob("*.py"))
    (root / "pyproject.toml").write_text(
        "[tool.synclint]\nselect = ['ALL']\n" + ("opt-in = true\n" if opt_in else ""))
    monkeypatch.chdir(root)
    yield root


def _found(diagnostics: list[Diagnostic]) -> set[Finding]:
    return {(os.path.normpath(d.filename), d.location.row, d.location.column, d.code,
             d.message) for d in diagnostics}


def _check(paths: list[str]) -> set[Finding]:
    settings = resolve_settings(paths, None, Overrides())
    files = list(discover(paths, settings))
    return _found(all_diagnostics(check_paths(files, settings, jobs=1)))


def _files(root: Path) -> list[str]:
    return sorted(os.path.relpath(p, root) for p in root.rglob("*.py"))


@pytest.mark.parametrize("project", CASES, ids=lambda p: p.name, indirect=True)
def test_fix_reports_what_check_of_the_fixed_tree_reports(project: Path) -> None:
    settings = resolve_settings(["."], None, Overrides(unsafe_fixes=True))
    files = list(discover(["."], settings))
    reported = _found(all_diagnostics(check_paths(
        files, settings, jobs=1, fix=FixOptions(unsafe=True, write=True))))
    assert reported == _check(["."])


@pytest.mark.parametrize("project", CASES, ids=lambda p: p.name, indirect=True)
def test_diff_reports_what_check_reports_and_writes_nothing(project: Path) -> None:
    before = {name: (project / name).read_text() for name in _files(project)}
    settings = resolve_settings(["."], None, Overrides())
    files = list(discover(["."], settings))
    outcomes = check_paths(files, settings, jobs=1, fix=FixOptions(write=False))
    assert {name: (project / name).read_text() for name in _files(project)} == before
    fixed = {(o.result.filename) for o in outcomes if o.changed}
    checked = _check(["."])
    # Files --diff would change report their findings after the fixes; the others, as check.
    assert {f for f in _found(all_diagnostics(outcomes)) if f[0] not in fixed} == \
        {f for f in checked if f[0] not in fixed}


@pytest.mark.parametrize("project", CASES, ids=lambda p: p.name, indirect=True)
def test_stdin_reports_what_check_of_the_named_file_reports(project: Path) -> None:
    for name in _files(project):
        settings = resolve_settings([name], None, Overrides())
        outcomes = check_paths(["-"], settings, jobs=1, stdin_text=(project / name).read_text(),
                               stdin_name=name)
        assert _found(all_diagnostics(outcomes)) == _check([name]), name


@pytest.mark.parametrize("project", CASES, ids=lambda p: p.name, indirect=True)
def test_the_language_server_reports_what_check_of_the_workspace_reports(
        project: Path) -> None:
    pytest.importorskip("pygls")
    from pygls.workspace import TextDocument

    from synclint import lsp

    fresh = lsp._Workspace()
    original, lsp._workspace = lsp._workspace, fresh
    try:
        published: set[Finding] = set()
        for name in _files(project):
            document = TextDocument((project / name).as_uri(), (project / name).read_text())
            diagnostics, _ = lsp._lint(document)
            published |= {(name, d.location.row, d.location.column, d.code, d.message)
                          for d in diagnostics}
    finally:
        lsp._workspace = original
    assert published == _check(["."])


@pytest.mark.parametrize("project", CASES, ids=lambda p: p.name, indirect=True)
def test_the_flake8_plugin_reports_what_check_of_the_project_reports(project: Path) -> None:
    import ast

    from synclint import flake8_plugin
    from synclint.flake8_plugin import Plugin

    flake8_plugin._SESSIONS.clear()
    flake8_plugin._codes_for.cache_clear()
    reported: set[Finding] = set()
    for name in _files(project):
        text = (project / name).read_text()
        lines = text.splitlines(keepends=True)
        for row, column, message, _ in Plugin(ast.parse(text), lines, name).run():
            code, _, said = message.partition(" ")
            reported.add((name, row, column + 1, code, said))
    expected = {f for f in _check(["."]) if f[3] not in ("SYN000", "SYN100")}
    assert reported == expected


HELPER = """import torch


def total(ps: list[torch.Tensor]) -> float:
    s = 0.0
    for p in ps:
        s += p.item()
    return s
"""
TRAIN = """import torch
from helpers import total


def train(batches: list[list[torch.Tensor]]) -> None:
    for batch in batches:
        print(total(batch))
"""


def test_a_fix_in_a_helper_updates_what_the_callers_findings_say(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The helper's fix moves its host read one line down: the finding at the call in
    # train.py, which names that line, must say so in fix's own report too.
    (tmp_path / "helpers.py").write_text(HELPER)
    (tmp_path / "train.py").write_text(TRAIN)
    monkeypatch.chdir(tmp_path)
    before = {f for f in _check(["."]) if f[0] == "train.py"}
    settings = resolve_settings(["."], None, Overrides())
    outcomes = check_paths(list(discover(["."], settings)), settings, jobs=1,
                           fix=FixOptions(write=True))
    reported = _found(all_diagnostics(outcomes))
    after = _check(["."])
    assert (tmp_path / "helpers.py").read_text() != HELPER
    assert reported == after
    assert {f for f in after if f[0] == "train.py"} != before  # the chain's line moved


# -- the same through the real processes, for one cross-module finding ---------------------
CROSS = PRECISION / "positive" / "syn101_wp_helper_in_loop"


def test_a_cross_module_finding_reaches_flake8_in_its_own_process(tmp_path: Path) -> None:
    pytest.importorskip("flake8")
    shutil.copytree(CROSS, tmp_path / "case")
    root = tmp_path / "case"
    done = subprocess.run([sys.executable, "-m", "flake8", "--isolated", "--select", "SYN",
                           "train.py"], cwd=root, text=True, capture_output=True, timeout=120)
    checked = subprocess.run([sys.executable, "-m", "synclint", "check", "--no-cache",
                              "--output-format", "json", "."], cwd=root, text=True,
                             capture_output=True, timeout=120)
    expected = {(d["location"]["row"], d["location"]["column"], d["code"])
                for d in json.loads(checked.stdout) if d["filename"] == "train.py"}
    found = set()
    for line in done.stdout.splitlines():
        _, row, column, rest = line.split(":", 3)
        found.add((int(row), int(column), rest.split()[0]))
    assert expected and found == expected
