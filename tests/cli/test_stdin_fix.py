"""`synclint fix -` as editors call it, like `ruff check --fix -`: the source on stdout,
fixed or not, byte for byte in its own encoding and line endings; the remaining findings
and the summary on stderr."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.cli.conftest import Cli

FIXABLE = ("import torch\ndef f(ts: list[torch.Tensor]):\n    out = []\n    for t in ts:\n"
           "        out.append(t.item())\n    return out\n")
#: A finding whose fix is unsafe: nothing is fixed, the finding remains.
UNFIXED = "import torch\nfor t in ts:\n    t.item()\n"
CLEAN = "import torch\nx = 1\n"


def test_unfixed_source_is_printed_unchanged_and_findings_go_to_stderr(cli: Cli) -> None:
    result = cli("fix", "-", "--stdin-filename", "s.py", input=UNFIXED)
    assert result.exit_code == 1
    assert result.stdout == UNFIXED
    assert "s.py:3:5: SYN101 " in result.stderr
    assert "Found 1 error." in result.stderr


def test_clean_source_is_printed_and_passes(cli: Cli) -> None:
    result = cli("fix", "-", input=CLEAN)
    assert (result.exit_code, result.stdout) == (0, CLEAN)
    assert "All checks passed!" in result.stderr


def test_fixed_source_is_printed_and_the_summary_counts_the_fix(cli: Cli) -> None:
    result = cli("fix", "-", "--stdin-filename", "s.py", input=FIXABLE)
    assert result.exit_code == 0
    assert "torch.stack(reads).tolist()" in result.stdout
    compile(result.stdout, "s.py", "exec")
    assert "Found 1 error (1 fixed, 0 remaining)." in result.stderr
    assert "SYN101" not in result.stdout


def test_check_fix_of_stdin_behaves_like_fix(cli: Cli) -> None:
    result = cli("check", "--fix", "-", input=UNFIXED)
    assert (result.exit_code, result.stdout) == (1, UNFIXED)
    assert "SYN101" in result.stderr


def test_json_findings_of_stdin_fix_go_to_stderr(cli: Cli) -> None:
    result = cli("fix", "-", "-q", "--output-format", "json", "--stdin-filename", "s.py",
                 input=UNFIXED)
    assert result.stdout == UNFIXED
    assert [d["code"] for d in json.loads(result.stderr)] == ["SYN101"]


def test_output_file_takes_the_findings_of_stdin_fix(cli: Cli) -> None:
    result = cli("fix", "-", "-q", "-o", "found.txt", "--stdin-filename", "s.py", input=UNFIXED)
    assert result.stdout == UNFIXED and result.stderr == ""
    assert (cli.root / "found.txt").read_text(encoding="utf-8").startswith("s.py:3:5: SYN101")


def test_syntax_error_source_is_echoed(cli: Cli) -> None:
    result = cli("fix", "-", input="def (\n")
    assert (result.exit_code, result.stdout) == (1, "def (\n")
    assert "SYN000" in result.stderr


def test_line_endings_and_encoding_of_stdin_are_kept() -> None:
    # A real pipe: the bytes on stdout are exactly what an editor gets back.
    latin = ("# -*- coding: latin-1 -*-\n# café\n" + FIXABLE).replace("\n", "\r\n")
    data = latin.encode("latin-1")
    fixed = _pipe(["fix", "-", "--stdin-filename", "s.py"], data)
    assert fixed.returncode == 0
    assert b"# caf\xe9\r\n" in fixed.stdout and b".item())\r\n" not in fixed.stdout
    assert b".tolist()" in fixed.stdout  # fixed: the loop reads its values in one transfer
    assert b"\n" not in fixed.stdout.replace(b"\r\n", b"")
    unfixed = UNFIXED.replace("\n", "\r\n").encode()
    assert _pipe(["fix", "-"], unfixed).stdout == unfixed


def test_undecodable_stdin_is_echoed_and_exits_2() -> None:
    data = b'import torch\nx = "\xff"\n'
    done = _pipe(["fix", "-", "--stdin-filename", "s.py"], data)
    assert done.returncode == 2
    assert done.stdout == data
    assert b"error: s.py: cannot decode as utf-8" in done.stderr


def _pipe(args: list[str], data: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "synclint", *args], input=data,
                          capture_output=True, timeout=120, check=False)
