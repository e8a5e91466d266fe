"""Notebooks in the layouts Jupyter and other tools write: non-ASCII kept escaped where the
file escaped it, GitHub annotations in the file's own (escaped) columns, blank and one-line code cells
(each failed no test when changed: mutmut's survivors in notebook.py)."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Cli
from tests.cli.test_notebooks import ITEM_LOOP, SETUP, _code, _notebook

#: The `.item()` line after a string with quotes and a non-ASCII letter, which the JSON of
#: the file writes longer ("\"", "\u00e9") than the cell's text.
QUOTED_LOOP = ITEM_LOOP.replace("norms[name]", 'norms["w\u00e9 " + name]')


def test_fix_keeps_a_notebook_that_escapes_non_ascii_escaped(cli: Cli) -> None:
    nb = _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2))
    path = cli.write("nb.ipynb", json.dumps(nb, indent=1, ensure_ascii=True) + "\n")
    assert "\\u00e9 output" in path.read_text(encoding="utf-8")  # the outputs' "é"
    result = cli("fix", "nb.ipynb")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    fixed = json.loads(text)
    assert "tolist()" in "".join(fixed["cells"][1]["source"])
    # Written as it was read: every non-ASCII character escaped, as json.dumps does.
    assert text == json.dumps(fixed, indent=1, ensure_ascii=True) + "\n"
    assert fixed["cells"][0] == nb["cells"][0]


@pytest.mark.parametrize("ensure_ascii", [False, True], ids=["as-is", "escaped"])
def test_github_annotation_columns_count_the_files_escapes(cli: Cli, ensure_ascii: bool) -> None:
    nb = _notebook(_code(SETUP, 1), _code(QUOTED_LOOP, 2))
    path = cli.write("nb.ipynb", json.dumps(nb, indent=1, ensure_ascii=ensure_ascii) + "\n")
    (line,) = cli("check", "--output-format", "github", "nb.ipynb").stdout.splitlines()
    properties = line[len("::warning "):].split("::", 1)[0]
    props = dict(p.split("=", 1) for p in properties.split(","))
    file_line = path.read_text(encoding="utf-8").splitlines()[int(props["line"]) - 1]
    start, end = int(props["col"]) - 1, int(props["endColumn"]) - 1
    assert file_line[start:end] == "p.grad.norm().item()"


@pytest.mark.parametrize("source", [["\n", "\n"], ["   \n"], ["\n"], ["x = 1"], ["x = 1\n"]],
                         ids=["blank-lines", "spaces", "one-newline", "one-line", "one-line-nl"])
def test_a_short_code_cell_before_a_finding_changes_nothing(cli: Cli, source: list[str]) -> None:
    nb = _notebook(_code(SETUP, 1), dict(_code("", 2), source=source), _code(ITEM_LOOP, 3))
    cli.write("nb.ipynb", json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    result = cli("check", "--output-format", "json", "nb.ipynb")
    assert result.exit_code == 1, result.output
    found = [(d["code"], d["cell"], d["location"]["row"]) for d in json.loads(result.stdout)]
    # ITEM_LOOP's `.item()` is on its third line.
    assert found == [("SYN101", 3, 3)]
