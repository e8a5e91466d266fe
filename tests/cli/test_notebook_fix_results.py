"""What `fix` leaves in a notebook: the findings it reports as remaining sit where `check`
finds them in the fixed file, and each fixed cell ends as it did (Jupyter's last line has
no newline; a cell written with one keeps it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import Cli

SETUP = ("import torch\n"
         "torch.manual_seed(0)\n"
         "model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Linear(3, 2))\n"
         "model(torch.randn(5, 4)).sum().backward()")
#: A fixable loop (the batched fix changes its number of lines), then a finding without a
#: fix further down the same cell: its row moves with the fix.
FIXED_THEN_LEFT = ("norms = {}\n"
                   "for name, p in model.named_parameters():\n"
                   "    norms[name] = p.grad.norm().item()\n"
                   "print(norms)\n"
                   "for p in model.parameters():\n"
                   "    nz = p.grad.nonzero()\n"
                   "    print(len(nz))")
LEFT_ONLY = ("for p in model.parameters():\n"
             "    idx = p.grad.nonzero()")
FIXABLE = ("bad = []\n"
           "for name, p in model.named_parameters():\n"
           "    if torch.isnan(p.grad).any():\n"
           "        bad.append(name)")


def _code(source: str, number: int) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": number, "id": f"c{number}",
            "metadata": {}, "outputs": [], "source": source.splitlines(keepends=True)}


def _write(cli: Cli, name: str, *sources: str) -> Path:
    notebook = {"cells": [_code(source, n) for n, source in enumerate(sources, 1)],
                "metadata": {"language_info": {"name": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    return cli.write(name, json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")


def _findings(text: str) -> list[str]:
    return [line for line in text.splitlines() if " SYN" in line]


def _cells(path: Path) -> list[str]:
    return ["".join(cell["source"]) for cell in json.loads(path.read_text())["cells"]]


@pytest.mark.parametrize("layout", ["fixed cell first", "fixed cell last"])
def test_findings_left_after_fix_are_where_check_finds_them(cli: Cli, layout: str) -> None:
    cells = [SETUP, LEFT_ONLY, FIXED_THEN_LEFT]
    if layout == "fixed cell first":
        cells = [SETUP, FIXED_THEN_LEFT, LEFT_ONLY]
    path = _write(cli, "nb.ipynb", *cells)
    before = _findings(cli("check", "nb.ipynb").stdout)
    fixed = cli("fix", "nb.ipynb")
    assert fixed.exit_code == 1, fixed.output
    assert _cells(path) != cells  # the loop was fixed
    remaining = _findings(fixed.stdout)
    after = cli("check", "nb.ipynb")
    assert remaining == _findings(after.stdout)
    assert len(remaining) == len(before) - 1 == 2
    assert all("SYN104" in line for line in remaining)
    # Each remaining finding points at the line that holds the `.nonzero()` call.
    sources = _cells(path)
    for line in remaining:
        cell, row, column = line.split("cell ", 1)[1].split(":")[:3]
        text = sources[int(cell) - 1].split("\n")[int(row) - 1]
        assert text[int(column) - 1:].startswith("p.grad.nonzero()"), (line, text)


def test_json_rows_after_fix_match_check(cli: Cli) -> None:
    _write(cli, "nb.ipynb", SETUP, FIXED_THEN_LEFT)
    fixed = json.loads(cli("fix", "--output-format", "json", "nb.ipynb").stdout)
    checked = json.loads(cli("check", "--output-format", "json", "nb.ipynb").stdout)
    assert [(d["cell"], d["location"], d["end_location"]) for d in fixed] == [
        (d["cell"], d["location"], d["end_location"]) for d in checked]
    assert len(checked) == 1


@pytest.mark.parametrize("final_newline", [False, True])
@pytest.mark.parametrize("position", ["middle", "last"])
def test_a_fixed_cell_ends_as_it_did(cli: Cli, final_newline: bool, position: str) -> None:
    fixable = FIXABLE + ("\n" if final_newline else "")
    cells = [SETUP, fixable, LEFT_ONLY] if position == "middle" else [SETUP, LEFT_ONLY, fixable]
    path = _write(cli, "nb.ipynb", *cells)
    cli("fix", "nb.ipynb")
    after = _cells(path)
    index = cells.index(fixable)
    assert after[index] != fixable  # fixed
    assert after[index].endswith("\n") == final_newline
    assert not after[index].endswith("\n\n")
    # The other cells are untouched, their missing final newline included.
    assert [a for i, a in enumerate(after) if i != index] == [
        c for i, c in enumerate(cells) if i != index]


def _apply(text: str, edits: list[dict[str, Any]]) -> str:
    """The text with JSON edits (1-based rows and columns) applied, last first."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(at: dict[str, int]) -> int:
        return starts[at["row"] - 1] + at["column"] - 1

    for edit in sorted(edits, key=lambda e: offset(e["location"]), reverse=True):
        text = (text[:offset(edit["location"])] + edit["content"]
                + text[offset(edit["end_location"]):])
    return text


def test_json_fix_edits_in_cell_coordinates_give_what_fix_writes(cli: Cli) -> None:
    path = _write(cli, "nb.ipynb", SETUP, FIXABLE)
    before = _cells(path)
    [finding] = [d for d in json.loads(cli("check", "--output-format", "json", "nb.ipynb").stdout)
                 if d["fix"] is not None]
    assert finding["cell"] == 2
    assert all(isinstance(edit["content"], str) for edit in finding["fix"]["edits"])
    expected = _apply(before[1], finding["fix"]["edits"])
    cli("fix", "nb.ipynb")
    assert _cells(path)[1] == expected


def test_a_cell_written_as_one_string_stays_one_string(cli: Cli) -> None:
    notebook = {"cells": [{**_code(source, n), "source": source}
                          for n, source in enumerate((SETUP, FIXABLE), 1)],
                "metadata": {"language_info": {"name": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    path = cli.write("nb.ipynb", json.dumps(notebook, indent=1) + "\n")
    cli("fix", "nb.ipynb")
    cells = json.loads(path.read_text())["cells"]
    assert isinstance(cells[1]["source"], str) and cells[1]["source"] != FIXABLE


@pytest.mark.parametrize("cell", ["def broken(:\n    pass", "print((1,\n"])
def test_a_cell_that_does_not_parse_is_reported_as_the_same_code_in_a_file_would_be(
        cli: Cli, cell: str) -> None:
    _write(cli, "nb.ipynb", SETUP, cell)
    cli.write("same.py", cell)
    notebook = json.loads(cli("check", "--output-format", "json", "nb.ipynb").stdout)
    script = json.loads(cli("check", "--output-format", "json", "same.py").stdout)
    [in_cell], [in_file] = notebook, script
    assert (in_cell["code"], in_cell["message"], in_cell["location"]) == (
        in_file["code"], in_file["message"], in_file["location"])
    assert (in_cell["filename"], in_cell["cell"]) == ("nb.ipynb", 2)


@pytest.mark.parametrize(("content", "message"), [
    ('{"cells": 3}', "Not a valid notebook: no list of cells"),
    (json.dumps({"cells": [], "metadata": {"language_info": {"name": "R"}}}),
     "Not a Python notebook (language 'R')"),
])
def test_files_that_are_not_python_notebooks_are_named_as_such(cli: Cli, content: str,
                                                               message: str) -> None:
    cli.write("other.ipynb", content)
    result = cli("check", "other.ipynb")
    assert result.stdout.splitlines() == [f"other.ipynb:1:1: SYN001 {message}"]
