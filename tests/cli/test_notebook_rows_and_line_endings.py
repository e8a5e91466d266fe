"""Notebook rows that look like synclint's own cell markers, and cells saved with Windows
line endings: `check` and `fix` report what they report for the plain notebook."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import Cli
from .test_notebook_fix_results import FIXED_THEN_LEFT, SETUP

#: synclint joins the cells with a marker line per cell (`# synclint-notebook-cell N`); a
#: code line whose characters past the marker's length are digits is no marker.
MARKER_LENGTH = len("# synclint-notebook-cell ")
NOT_A_MARKER = "steps_in_the_whole_run = 100000"


def _code(source: str, number: int, newline: str = "\n") -> dict[str, Any]:
    lines = [line.replace("\n", newline) for line in source.splitlines(keepends=True)]
    return {"cell_type": "code", "execution_count": number, "id": f"c{number}",
            "metadata": {}, "outputs": [], "source": lines}


def _write(cli: Cli, name: str, sources: list[str], newline: str = "\n") -> Path:
    notebook = {"cells": [_code(source, n, newline) for n, source in enumerate(sources, 1)],
                "metadata": {"language_info": {"name": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    return cli.write(name, json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def _findings(text: str) -> list[str]:
    return [line for line in text.splitlines() if " SYN" in line]


def test_a_line_like_a_marker_does_not_move_the_findings_left_after_fix(cli: Cli) -> None:
    assert NOT_A_MARKER[MARKER_LENGTH:].isdigit()  # the look-alike the test is about
    loop, rest = FIXED_THEN_LEFT.split("print(norms)\n")
    cell = f"{loop}print(norms)\n{NOT_A_MARKER}\n{rest}"
    path = _write(cli, "nb.ipynb", [SETUP, cell])
    fixed = cli("fix", "nb.ipynb")
    remaining = _findings(fixed.stdout)
    assert remaining, fixed.output
    assert remaining == _findings(cli("check", "nb.ipynb").stdout)
    sources = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"]]
    for line in remaining:
        number, row, column = line.split("cell ", 1)[1].split(":")[:3]
        text = sources[int(number) - 1].split("\n")[int(row) - 1]
        assert text[int(column) - 1:].startswith("p.grad.nonzero()"), (line, text)


def test_cells_saved_with_windows_line_endings_check_as_the_plain_ones(cli: Cli) -> None:
    sources = [SETUP, FIXED_THEN_LEFT]
    _write(cli, "unix.ipynb", sources)
    _write(cli, "windows.ipynb", sources, newline="\r\n")
    unix = cli("check", "--output-format", "json", "unix.ipynb")
    windows = cli("check", "--output-format", "json", "windows.ipynb")
    assert unix.exit_code == windows.exit_code == 1

    def where(output: str) -> list[tuple[Any, ...]]:
        return [(d["code"], d["cell"], d["location"]["row"], d["location"]["column"])
                for d in json.loads(output)]

    assert where(windows.stdout) == where(unix.stdout)
    assert "SYN000" not in windows.stdout
