"""Every error path gives one line naming the file and the cause, no traceback, and the
right exit code (2 for errors, 130 on Ctrl-C); unreadable files are SYN001 findings."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import NAIVE, Cli

ROOT = Path(__file__).resolve().parents[2]
UNREADABLE = {
    "latin.py": b"import torch\nx = '\xff\xfe'\n",
    "binary.py": b"\x00\x01\x02torch\x00",
}


def _no_traceback(text: str) -> None:
    assert "Traceback" not in text and "Error:" not in text.replace("SyntaxError:", ""), text


def test_symlink_loop_named_on_the_command_line_is_one_line_and_exit_two(cli: Cli) -> None:
    (cli.root / "loop").mkdir()
    os.symlink("b.py", cli.root / "loop" / "a.py")
    os.symlink("a.py", cli.root / "loop" / "b.py")
    cli.write("ok.py", NAIVE)
    result = cli("check", "loop/a.py", "ok.py")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == "error: loop/a.py: symbolic link loop"
    assert "ok.py:6:21: SYN101" in result.stdout  # the other path is still checked
    _no_traceback(result.stderr)


def test_all_missing_paths_are_listed_and_the_rest_is_checked(cli: Cli) -> None:
    cli.write("other_dir/bad.py", NAIVE)
    result = cli("check", "missing.py", "other_dir/", "gone/")
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors == ["error: missing.py: no such file or directory",
                      "error: gone/: no such file or directory"]
    assert "other_dir/bad.py:6:21: SYN101" in result.stdout


def test_broken_symlink_named_on_the_command_line(cli: Cli) -> None:
    os.symlink("nowhere.py", cli.root / "dangling.py")
    result = cli("check", "dangling.py")
    assert result.exit_code == 2
    assert result.stderr.strip() == "error: dangling.py: broken symbolic link"


@pytest.mark.parametrize("output_format", ["text", "json", "sarif", "github", "full"])
def test_unreadable_files_are_syn001_findings_in_every_format(cli: Cli,
                                                              output_format: str) -> None:
    for name, data in UNREADABLE.items():
        cli.write(name, data)
    result = cli("check", "--output-format", output_format, ".")
    assert result.exit_code == 1
    out = result.stdout
    if output_format == "json":
        found = {(d["filename"], d["code"]) for d in json.loads(out)}
        assert found == {("binary.py", "SYN001"), ("latin.py", "SYN001")}
    elif output_format == "sarif":
        results = json.loads(out)["runs"][0]["results"]
        assert sorted((r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]
                       ["uri"], r["level"]) for r in results) == [
            ("SYN001", "binary.py", "error"), ("SYN001", "latin.py", "error")]
    elif output_format == "github":
        assert out.count("title=SYN001::SYN001") == 2
    else:
        assert "binary.py:1:1: SYN001 Contains NUL bytes (a binary file?)" in out
        assert "latin.py:1:1: SYN001 Cannot decode as utf-8: invalid byte 0xff" in out
    # The path is said once, in the finding; nothing else on stderr names it.
    assert "binary.py" not in result.stderr


def test_syn001_can_be_ignored_like_any_rule(cli: Cli) -> None:
    cli.write("binary.py", UNREADABLE["binary.py"])
    result = cli("check", "--ignore", "SYN001", ".")
    assert result.exit_code == 0 and result.stdout == ""


def test_per_file_errors_print_the_path_once(cli: Cli) -> None:
    # With a site where a rule may fire: LibCST would have to parse it. The bulk is one
    # comment line, which the model reads at no cost (600,000 statements took a minute of
    # the suite; `test_resource_limits` times large modules of code).
    cli.write("huge.py", "import torch\n# " + "pad " * 900_000 + "\n"
              + "for t in torch.ones(3).cuda():\n    print(t.item())\n")
    result = cli("check", "huge.py")
    # A file too large to analyse is a SYN001 finding (stdout), named once.
    assert result.stdout.startswith("huge.py:1:1: SYN001 Too large to analyse")
    assert result.stdout.count("huge.py") == 1 and "huge.py" not in result.stderr


def test_read_only_file_under_fix_does_not_suggest_fix_again(cli: Cli) -> None:
    path = cli.write("frozen.py", NAIVE)  # its fix is safe: `fix` tries to write it
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        result = cli("fix", "frozen.py")
    finally:
        path.chmod(0o644)
    assert path.read_bytes() == before
    assert result.exit_code == 1
    assert "error: frozen.py: file is read-only; not fixed" in result.stderr
    assert result.stderr.count("frozen.py") == 1
    assert "--fix" not in result.stderr and "could not be checked" not in result.stderr


def test_syntax_error_has_cpythons_line_and_column(cli: Cli) -> None:
    cli.write("a.py", "import torch\ndef f(:\n    pass\n")
    cli.write("b.py", "x = 1\ndef f(:\n    pass\n")  # ast-only path (no tensors)
    cli.write("c.py", "import torch\nif True:\n        x = 1\n\tx = 2\n")
    result = cli("check", "--no-cache", ".")
    assert result.stdout.splitlines() == [
        "a.py:2:7: SYN000 SyntaxError: invalid syntax",
        "b.py:2:7: SYN000 SyntaxError: invalid syntax",
        "c.py:4:1: SYN000 TabError: inconsistent use of tabs and spaces in indentation",
    ]


def test_type_error_in_config_names_the_pyproject_file(cli: Cli) -> None:
    cli.write("pyproject.toml", '[tool.synclint]\nselect = "SYN101"\n')
    cli.write("a.py", NAIVE)
    result = cli("check", "a.py")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"error: {cli.root / 'pyproject.toml'}: 'select' must be a list of strings")


def test_unknown_config_key_suggests_the_right_one(cli: Cli) -> None:
    cli.write("pyproject.toml", '[tool.synclint]\nextend-selct = ["SYN103"]\n')
    result = cli("check", ".")
    assert result.exit_code == 2
    assert "unknown key 'extend-selct'" in result.stderr
    assert "did you mean 'extend-select'?" in result.stderr


def test_unknown_code_suggests_a_close_one(cli: Cli) -> None:
    result = cli("check", "--select", "SYN1O1", ".")
    assert result.exit_code == 2
    assert "did you mean 'SYN101'?" in result.stderr


def test_interrupt_while_checking_exits_130_without_traceback(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import synclint.checking

    def interrupted(*_args: object, **_kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(synclint.checking, "check_file", interrupted)
    cli.write("a.py", NAIVE)
    result = cli("check", "--no-cache", "a.py")
    assert result.exit_code == 130
    assert "Aborted" not in result.stderr
    _no_traceback(result.stderr)


_INTERRUPT_DURING_IMPORT = """
import sys
class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "click":
            raise KeyboardInterrupt
sys.meta_path.insert(0, Interrupt())
sys.argv = ["synclint", "--version"]
from synclint.console import main
main()
"""


def test_interrupt_during_imports_exits_130_without_traceback() -> None:
    process = subprocess.run([sys.executable, "-c", _INTERRUPT_DURING_IMPORT],
                             capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert process.returncode == 130, process.stderr
    assert process.stderr.strip() == ""


@pytest.mark.skipif(signal.getsignal(signal.SIGINT) is signal.SIG_IGN,
                    reason="started with SIGINT ignored (a background job): children inherit it")
def test_real_ctrl_c_exits_130_without_traceback(tmp_path: Path) -> None:
    # Reading standard input blocks after start-up; SIGINT then lands in the run itself.
    process = subprocess.Popen(
        [sys.executable, "-m", "synclint", "check", "--no-cache", "-"], cwd=tmp_path,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)})
    time.sleep(1.5)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    _no_traceback(stderr)
