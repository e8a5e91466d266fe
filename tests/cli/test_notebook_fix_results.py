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
