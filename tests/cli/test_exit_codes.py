"""Exit codes that no other test pinned (each was changed by hand to check that its test
fails): --exit-zero never hides a missing path or an internal error (2); a file synclint
could not analyse is a finding (1); --diff with a fix to show exits 1; --show-files with
a missing path exits 2."""

from __future__ import annotations

import pytest

from synclint.rules import ALL_RULES
from tests.cli.conftest import CLEAN, NAIVE, Cli
from tests.fixer.fake_rules import CrashingRule

#: Deeper than synclint's nesting limit: "too complex to analyse".
# Too deep for LibCST, with a host read in a loop: a rule may fire, so LibCST must parse
# it (a file where the model proves no rule can fire is never given to LibCST).
TOO_COMPLEX = ("import torch\nx = " + "-" * 600 + "1\n"
               "for t in torch.ones(3).cuda():\n    print(t.item())\n")
SAFE_FIX = ("import torch\ndef f(ts: list[torch.Tensor]):\n    out = []\n    for t in ts:\n"
            "        out.append(t.item())\n    return out\n")


@pytest.fixture
def crashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ALL_RULES, CrashingRule.code, CrashingRule)


def test_exit_zero_with_a_missing_path_exits_2(cli: Cli) -> None:
    cli.write("train.py", NAIVE)
    result = cli("check", "--no-cache", "--exit-zero", "train.py", "missing.py")
    assert result.exit_code == 2
    assert "error: missing.py: no such file or directory" in result.stderr
    assert "train.py:6:" in result.stdout  # the other path is still checked


@pytest.mark.usefixtures("crashing")
def test_exit_zero_with_an_internal_error_exits_2(cli: Cli) -> None:
    cli.write("train.py", NAIVE)
    result = cli("check", "--no-cache", "--exit-zero", "--extend-select", "SYN908",
                 "train.py")
    assert result.exit_code == 2
    assert "error: train.py: internal error in a rule: IndexError" in result.stderr
    assert "1 file could not be checked" in result.stderr


@pytest.mark.usefixtures("crashing")
def test_an_internal_error_alone_exits_2(cli: Cli) -> None:
    cli.write("clean.py", CLEAN)
    result = cli("check", "--no-cache", "--select", "SYN908", "clean.py")
    assert result.exit_code == 2 and result.stdout == ""


def test_a_file_that_could_not_be_analysed_exits_1(cli: Cli) -> None:
    cli.write("deep.py", TOO_COMPLEX)
    cli.write("clean.py", "x = 1\n")
    result = cli("check", "--no-cache", "deep.py", "clean.py")
    assert result.exit_code == 1
    assert result.stdout.startswith("deep.py:1:1: SYN001 Too complex to analyse")
    assert cli("check", "--no-cache", "--exit-zero", "deep.py").exit_code == 0


def test_diff_with_a_fix_to_show_exits_1_and_writes_nothing(cli: Cli) -> None:
    path = cli.write("fixable.py", SAFE_FIX)
    result = cli("check", "--diff", "fixable.py")
    assert result.exit_code == 1
    assert result.stdout.startswith("--- a/fixable.py")
    assert path.read_text() == SAFE_FIX
    assert cli("fix", "--diff", "fixable.py").exit_code == 1
    # Nothing to show: 0, though an unsafe-only finding remains.
    cli.write("unsafe.py", "import torch\nfor t in ts:\n    t.item()\n")
    nothing = cli("check", "--diff", "unsafe.py")
    assert (nothing.exit_code, nothing.stdout) == (0, "")


def test_show_files_with_a_missing_path_exits_2(cli: Cli) -> None:
    cli.write("train.py", NAIVE)
    result = cli("check", "--show-files", "train.py", "missing.py")
    assert result.exit_code == 2
    assert result.stdout.strip().endswith("train.py")
    assert "error: missing.py: no such file or directory" in result.stderr
    assert cli("check", "--show-files", "train.py").exit_code == 0
