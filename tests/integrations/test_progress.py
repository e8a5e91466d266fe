"""The progress bar: on a terminal for long runs only; never in pipes, JSON or CI."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from synclint import progress

MANY = progress.MIN_FILES + 1


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(autouse=True)
def _not_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in progress.CI_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_shown_for_many_files_on_a_terminal_with_text_output() -> None:
    assert progress.wanted(MANY, "text", Terminal())


@pytest.mark.parametrize(("files", "output_format"), [
    (progress.MIN_FILES, "text"), (MANY, "json"), (MANY, "sarif"), (MANY, "github"),
])
def test_not_shown_for_few_files_or_machine_output(files: int, output_format: str) -> None:
    assert not progress.wanted(files, output_format, Terminal())


def test_not_shown_in_a_pipe() -> None:
    assert not progress.wanted(MANY, "text", io.StringIO())


@pytest.mark.parametrize("variable", ["CI", "GITHUB_ACTIONS"])
def test_not_shown_in_ci(monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    monkeypatch.setenv(variable, "true")
    assert not progress.wanted(MANY, "text", Terminal())


def test_ci_set_to_false_does_not_count_as_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "false")
    assert progress.wanted(MANY, "text", Terminal())


def test_the_bar_counts_to_the_total_and_erases_itself() -> None:
    stream = Terminal()
    bar = progress.ProgressBar(3, stream)
    for _ in range(3):
        bar(1)
    assert "3/3 files" in stream.getvalue()
    bar.close()
    assert stream.getvalue().endswith("\r")


def test_a_piped_run_over_many_files_prints_no_bar(tmp_path: Path) -> None:
    for index in range(MANY):
        (tmp_path / f"m{index}.py").write_text("x = 1\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "synclint", "check", "--no-cache", "."],
                          cwd=tmp_path, text=True, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "files" not in done.stderr and "\r" not in done.stderr


def test_python_m_synclint_prints_the_version() -> None:
    from synclint import __version__

    done = subprocess.run([sys.executable, "-m", "synclint", "--version"], text=True,
                          capture_output=True, timeout=60)
    assert done.returncode == 0
    assert __version__ in done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_run_over_many_files_with_stderr_on_a_terminal_shows_the_bar(tmp_path: Path) -> None:
    import os
    import pty

    for index in range(MANY):
        (tmp_path / f"m{index}.py").write_text("x = 1\n", encoding="utf-8")
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in progress.CI_VARIABLES}
    process = subprocess.Popen([sys.executable, "-m", "synclint", "check", "--no-cache", "."],
                               cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    stdout, _ = process.communicate(timeout=120)
    os.close(master)
    shown = b"".join(chunks).decode()
    assert f"{MANY}/{MANY} files" in shown
    assert b"files" not in stdout
