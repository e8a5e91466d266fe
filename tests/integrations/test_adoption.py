"""Adopting synclint in a large code base: `check --add-noqa`, then SYN100 unused-noqa."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from synclint.cli import main
from synclint.engine import lint_source
from synclint.fixer import fix_source
from synclint.noqa import add_noqa

Invoke = Callable[..., Result]

LOOP = (
    "import torch\n"
    "\n"
    "def norms(model):\n"
    "    out = {}\n"
    "    for name, p in model.named_parameters():\n"
    "        out[name] = p.norm().item()\n"
    "        a = p.sum().item()  # noqa: E501\n"
    "        b = p.sum().item()  # type: ignore[attr-defined]\n"
    "        if torch.isnan(p).any(): print(p.sum().item())\n"
    "    return out\n"
)


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str) -> Result:
        return CliRunner().invoke(main, [*args, "--no-cache"], catch_exceptions=False)

    return invoke


def test_add_noqa_suppresses_every_finding_keeping_other_codes_and_comments(
        tmp_path: Path, run: Invoke) -> None:
    target = tmp_path / "train.py"
    target.write_text(LOOP, encoding="utf-8")
    assert run("check", "train.py").exit_code == 1
    done = run("check", "--add-noqa", "train.py")
    assert done.exit_code == 0
    assert "Added 5 noqa directives to 1 file." in done.stderr
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[5] == "        out[name] = p.norm().item()  # noqa: SYN101"
    assert lines[6] == "        a = p.sum().item()  # noqa: E501, SYN101"
    assert lines[7] == "        b = p.sum().item()  # type: ignore[attr-defined]  # noqa: SYN101"
    assert lines[8].endswith("  # noqa: SYN101, SYN102")
    clean = run("check", "train.py")
    assert clean.exit_code == 0, clean.stdout


def test_add_noqa_twice_changes_nothing(tmp_path: Path, run: Invoke) -> None:
    target = tmp_path / "train.py"
    target.write_text(LOOP, encoding="utf-8")
    run("check", "--add-noqa", "train.py")
    once = target.read_bytes()
    again = run("check", "--add-noqa", "train.py")
    assert again.exit_code == 0
    assert "Added 0 noqa directives" in again.stderr
    assert target.read_bytes() == once


def test_add_noqa_keeps_crlf_line_endings(tmp_path: Path, run: Invoke) -> None:
    target = tmp_path / "train.py"
    target.write_bytes(LOOP.replace("\n", "\r\n").encode())
    run("check", "--add-noqa", "train.py")
    data = target.read_bytes()
    assert b"# noqa: SYN101\r\n" in data
    assert data.count(b"\r\n") == LOOP.count("\n")


def test_a_line_that_ends_inside_a_string_gets_the_directive_after_the_string(
        tmp_path: Path, run: Invoke) -> None:
    text = ("import torch\n\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
            "        print(f\"\"\"{t.sum().item()}\n\"\"\")\n")
    target = tmp_path / "strings.py"
    target.write_text(text, encoding="utf-8")
    done = run("check", "--add-noqa", "strings.py")
    assert "not suppressed" not in done.stderr
    fixed = target.read_text(encoding="utf-8")
    assert fixed == text.replace('""")\n', '""")  # noqa: SYN101\n')
    assert lint_source(fixed, "strings.py", ["SYN101"]).diagnostics == []


def test_a_multi_line_statement_gets_the_directive_on_the_finding_line() -> None:
    text = ("import torch\n\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
            "        x = max(\n            t.item(),\n            0,\n        )\n")
    diagnostics = lint_source(text, "m.py", ["SYN101"]).diagnostics
    result = add_noqa(text, diagnostics)
    assert result.skipped == ()
    assert "            t.item(),  # noqa: SYN101\n" in result.text
    assert lint_source(result.text, "m.py", ["SYN101"]).diagnostics == []


def test_a_backslash_continuation_gets_the_directive_on_its_last_line() -> None:
    text = ("import torch\n\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
            "        x = t.item() + \\\n            1\n")
    diagnostics = lint_source(text, "m.py", ["SYN101"]).diagnostics
    result = add_noqa(text, diagnostics)
    assert result.skipped == ()
    assert result.text == text.replace("            1\n", "            1  # noqa: SYN101\n")
    assert lint_source(result.text, "m.py", ["SYN101"]).diagnostics == []


def test_add_noqa_refuses_fix(run: Invoke) -> None:
    assert run("check", "--add-noqa", "--fix", ".").exit_code == 2


def test_statistics_prints_counts_per_rule(tmp_path: Path, run: Invoke) -> None:
    (tmp_path / "train.py").write_text(LOOP, encoding="utf-8")
    done = run("check", "--statistics", "train.py")
    assert "SYN101" in done.stdout and "SYN102" in done.stdout


# -- SYN100 -------------------------------------------------------------------------------
CODES = ["SYN100", "SYN101", "SYN102"]


def test_syn100_reports_a_suppression_whose_finding_was_fixed() -> None:
    text = "import torch\n\nx = torch.ones(3).sum().item()  # noqa: SYN101\n"
    found = lint_source(text, "m.py", CODES).diagnostics
    assert [(d.code, d.location.row, d.location.column) for d in found] == [("SYN100", 3, 33)]
    assert "SYN101" in found[0].message


def test_syn100_is_silent_on_used_suppressions() -> None:
    suppressed = add_noqa(LOOP, lint_source(LOOP, "m.py", CODES).diagnostics).text
    assert lint_source(suppressed, "m.py", CODES).diagnostics == []


def test_syn100_keeps_used_codes_and_removes_only_the_unused_one() -> None:
    text = ("import torch\n\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
            "        x = t.item()  # noqa: SYN101, SYN102, E501\n")
    result = fix_source(text, "m.py", CODES)
    assert result.text.endswith("x = t.item()  # noqa: SYN101, E501\n")


def test_syn100_fix_removes_a_directive_alone_on_its_line() -> None:
    text = "import torch\n# noqa: SYN101\nx = 1\n"
    assert fix_source(text, "m.py", CODES).text == "import torch\nx = 1\n"


def test_syn100_ignores_codes_of_disabled_rules_bare_noqa_and_other_tools() -> None:
    text = ("import torch\n\nx = 1  # noqa: SYN103\ny = 2  # noqa\nz = 3  # noqa: F401\n")
    assert lint_source(text, "m.py", CODES).diagnostics == []


def test_syn100_reports_codes_of_no_rule() -> None:
    found = lint_source("x = 1  # noqa: SYN777\n", "m.py", ["SYN100"]).diagnostics
    assert [d.code for d in found] == ["SYN100"]
    assert "no such rule" in found[0].message


def test_syn100_can_itself_be_suppressed() -> None:
    text = "import torch\n\nx = 1  # noqa: SYN101, SYN100\n"
    assert lint_source(text, "m.py", CODES).diagnostics == []


def test_syn100_is_off_by_default(tmp_path: Path, run: Invoke) -> None:
    (tmp_path / "m.py").write_text("import torch\n\nx = 1  # noqa: SYN101\n", encoding="utf-8")
    assert run("check", "m.py").exit_code == 0
    done = run("check", "--extend-select", "SYN100", "m.py")
    assert done.exit_code == 1
    assert "m.py:3:8: SYN100" in done.stdout


def test_baseline_then_fix_then_syn100_shrinks_the_baseline(
        tmp_path: Path, run: Invoke) -> None:
    target = tmp_path / "m.py"
    target.write_text("import torch\n\ndef f(ts: list[torch.Tensor]):\n    for t in ts:\n"
                      "        x = t.item()\n", encoding="utf-8")
    run("check", "--add-noqa", "m.py")
    # The loop is rewritten by hand: the suppression is now stale.
    target.write_text(target.read_text(encoding="utf-8").replace(
        "for t in ts:\n        x = t.item()", "x = ts[0]"), encoding="utf-8")
    assert run("check", "--extend-select", "SYN100", "m.py").exit_code == 1
    fixed = run("fix", "--extend-select", "SYN100", "m.py")
    assert fixed.exit_code == 0
    assert "noqa" not in target.read_text(encoding="utf-8")


# -- the fix hook's exit status -------------------------------------------------------------
def test_fix_exits_zero_when_everything_was_fixed_but_one_with_exit_non_zero_on_fix(
        tmp_path: Path, run: Invoke) -> None:
    target = tmp_path / "m.py"
    stale = "import torch\n\nx = 1  # noqa: SYN101\n"
    target.write_text(stale, encoding="utf-8")
    assert run("fix", "--extend-select", "SYN100", "m.py").exit_code == 0
    target.write_text(stale, encoding="utf-8")
    done = run("fix", "--extend-select", "SYN100", "--exit-non-zero-on-fix", "m.py")
    assert done.exit_code == 1
    assert target.read_text(encoding="utf-8") == "import torch\n\nx = 1\n"
    again = run("fix", "--extend-select", "SYN100", "--exit-non-zero-on-fix", "m.py")
    assert again.exit_code == 0
