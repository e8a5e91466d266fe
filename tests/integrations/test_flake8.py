"""The flake8 plugin, run by flake8 itself in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("flake8", reason="flake8 is a test dependency")

SOURCE = (
    "import torch\n"
    "\n"
    "\n"
    "def norms(model, ts: list[torch.Tensor]):\n"
    "    out = {}\n"
    "    for name, p in model.named_parameters():\n"
    "        out[name] = p.norm().item()\n"
    "        if torch.isnan(p).any():\n"
    "            out[name] = 0.0\n"
    "    return [float(t) for t in ts]\n"
)


def _flake8(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "flake8", "--isolated", "--select", "SYN",
                           *args], cwd=cwd, text=True, capture_output=True, timeout=120)


def _synclint_locations(cwd: Path, name: str) -> set[tuple[int, int, str]]:
    done = subprocess.run([sys.executable, "-m", "synclint", "check", "--no-cache",
                           "--output-format", "json", name], cwd=cwd, text=True,
                          capture_output=True, timeout=120)
    return {(d["location"]["row"], d["location"]["column"], d["code"])
            for d in json.loads(done.stdout)}


def _flake8_locations(stdout: str) -> set[tuple[int, int, str]]:
    found = set()
    for line in stdout.splitlines():
        _, row, column, rest = line.split(":", 3)
        found.add((int(row), int(column), rest.split()[0]))
    return found


def test_flake8_reports_the_findings_at_the_columns_synclint_check_prints(
        tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(SOURCE, encoding="utf-8")
    done = _flake8(tmp_path, "train.py")
    assert done.returncode == 1, done.stderr
    expected = _synclint_locations(tmp_path, "train.py")
    assert len(expected) >= 3
    assert _flake8_locations(done.stdout) == expected


def test_flake8_noqa_suppresses_a_finding_and_prefixes_work(tmp_path: Path) -> None:
    text = SOURCE.replace("p.norm().item()\n", "p.norm().item()  # noqa: SYN1\n")
    (tmp_path / "train.py").write_text(text, encoding="utf-8")
    done = _flake8(tmp_path, "train.py")
    codes_rows = {(row, code) for row, _, code in _flake8_locations(done.stdout)}
    assert (7, "SYN101") not in codes_rows
    assert (8, "SYN102") in codes_rows


def test_flake8_per_file_ignores_apply(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(SOURCE, encoding="utf-8")
    done = _flake8(tmp_path, "--per-file-ignores", "train.py:SYN101", "train.py")
    codes = {code for _, _, code in _flake8_locations(done.stdout)}
    assert "SYN101" not in codes
    assert "SYN102" in codes


def test_flake8_on_a_file_without_findings_passes(tmp_path: Path) -> None:
    (tmp_path / "ok.py").write_text("import torch\n\nx = torch.ones(3).sum()\n",
                                    encoding="utf-8")
    done = _flake8(tmp_path, "ok.py")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""



def test_plugin_reports_a_file_synclint_gives_up_on_as_syn001() -> None:
    # In-process: flake8's own pyflakes overflows on such a file before any plugin runs.
    from synclint.flake8_plugin import Plugin

    # A loop with a host read: a rule may fire, so LibCST must parse the file (one where
    # the model proves no rule can fire is never given to LibCST, and never too deep).
    lines = ["import torch\n", "x = " + "-" * 600 + "1\n",
             "for t in torch.ones(3).cuda():\n", "    print(t.item())\n"]
    found = [(row, column, text.split(" ")[0]) for row, column, text, _ in
             Plugin(None, lines, "deep.py").run()]  # type: ignore[arg-type]
    assert found == [(1, 0, "SYN001")]
    silent = [lines[0], lines[1]]
    assert list(Plugin(None, silent, "deep.py").run()) == []  # type: ignore[arg-type]


def test_plugin_reports_an_internal_error_instead_of_passing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from synclint import engine
    from synclint.diagnostics import FileError
    from synclint.flake8_plugin import Plugin

    def crashed(source: str, filename: str, codes: object) -> engine.LintOutput:
        error = FileError(filename, "internal error in a rule: IndexError: boom", internal=True)
        return engine.LintOutput([], [], None, error)

    monkeypatch.setattr(engine, "lint_source", crashed)
    ((row, column, text, _),) = Plugin(None, ["import torch\n"], "x.py").run()  # type: ignore[arg-type]
    assert (row, column) == (1, 0) and text.startswith("SYN001 synclint could not check")
    assert "IndexError: boom" in text
