"""Notebooks: cells under a cell magic whose body is Python (`%%time`, `%%timeit`,
`%%capture` ...) are checked and fixed with the magic line kept; `check` offers no fix
that `fix` would refuse; GitHub annotations name the cell and point into the file."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import Cli
from tests.cli.test_notebooks import ITEM_LOOP, SETUP, _code, _notebook, _write


@pytest.mark.parametrize("magic", ["%%time", "%%timeit -n 1 -r 1", "%%capture captured",
                                   "%%prun -q", "%%python3"])
def test_cell_magic_with_a_python_body_is_checked(cli: Cli, magic: str) -> None:
    _write(cli, "nb.ipynb", _notebook(_code(SETUP, 1), _code(f"{magic}\n{ITEM_LOOP}", 2)))
    result = cli("check", "--output-format", "json", "nb.ipynb")
    found = [(d["code"], d["cell"], d["location"]["row"], d["location"]["column"])
             for d in json.loads(result.stdout)]
    # The `.item()` of ITEM_LOOP's third line is the cell's fourth: the magic keeps its row.
    assert found == [("SYN101", 2, 4, 19)]


@pytest.mark.parametrize("magic", ["%%bash", "%%html", "%%writefile notes.py", "%%sh",
                                   "%%javascript", "%%script python"])
def test_cell_magic_with_another_language_is_left_out(cli: Cli, magic: str) -> None:
    _write(cli, "nb.ipynb", _notebook(_code(SETUP, 1), _code(f"{magic}\n{ITEM_LOOP}", 2)))
    result = cli("check", "nb.ipynb")
    assert (result.exit_code, result.stdout) == (0, "")


def test_fix_of_a_timed_cell_keeps_the_magic_first_and_the_results(cli: Cli) -> None:
    path = _write(cli, "nb.ipynb", _notebook(_code(SETUP, 1), _code(f"%%time\n{ITEM_LOOP}", 2)))
    before = json.loads(path.read_text(encoding="utf-8"))
    result = cli("fix", "nb.ipynb")
    assert result.exit_code == 0, result.output
    after = json.loads(path.read_text(encoding="utf-8"))
    source = after["cells"][1]["source"]
    assert source[0] == "%%time\n" and "tolist()" in "".join(source)
    assert _namespace(after) == _namespace(before)


def _namespace(notebook: dict[str, object]) -> object:
    """The cells run as a kernel runs them, each cell magic line dropped (`%%time` runs
    its body in the notebook's namespace)."""
    cells = [dict(c, source=[line for line in c["source"] if not line.startswith("%%")])
             for c in notebook["cells"]]  # type: ignore[attr-defined]
    namespace: dict[str, object] = {}
    for cell in cells:
        exec(compile("".join(cell["source"]), "<cell>", "exec"), namespace)
    return namespace["norms"]


def test_no_fix_is_offered_where_fix_would_refuse_the_layout(cli: Cli) -> None:
    nb = _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2))
    cli.write("compact.ipynb", json.dumps(nb, separators=(",", ":")) + "\n")
    text = cli("check", "compact.ipynb")
    assert text.exit_code == 1
    assert "SYN101" in text.stdout and "[*]" not in text.stdout
    assert "fixable" not in text.stderr
    (finding,) = json.loads(cli("check", "--output-format", "json", "compact.ipynb").stdout)
    assert finding["fix"] is None
    assert finding["help"].endswith("No fix in this notebook: its JSON layout cannot be "
                                    "reproduced, so writing it would reformat every cell.")
    # And `fix` agrees: it leaves the file as it is, and the finding says why.
    before = (cli.root / "compact.ipynb").read_bytes()
    fixed = cli("fix", "--output-format", "full", "compact.ipynb")
    assert fixed.exit_code == 1 and (cli.root / "compact.ipynb").read_bytes() == before
    assert "help: Collect the tensors" in fixed.stdout
    assert "JSON layout cannot be reproduced" in fixed.stdout
    # The same notebook in Jupyter's layout offers the fix.
    _write(cli, "jupyter.ipynb", nb)
    assert "[*]" in cli("check", "jupyter.ipynb").stdout


def test_github_annotation_names_the_cell_and_points_into_the_file(cli: Cli) -> None:
    path = _write(cli, "nb.ipynb", _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2)))
    result = cli("check", "--output-format", "github", "nb.ipynb")
    (line,) = result.stdout.splitlines()
    properties, message = line[len("::warning "):].split("::", 1)
    props = dict(p.split("=", 1) for p in properties.split(","))
    assert props["title"] == "SYN101 (cell 2)"
    assert message.startswith("cell 2:3:19: SYN101 ")
    # line/col address the .ipynb file itself: there is the cell's `.item()` call.
    file_line = path.read_text(encoding="utf-8").splitlines()[int(props["line"]) - 1]
    column = int(props["col"]) - 1
    assert file_line[column:].startswith("p.grad.norm().item()")
    end = int(props["endColumn"]) - 1
    assert file_line[column:end] == "p.grad.norm().item()"


def test_github_annotation_of_a_compact_notebook_falls_back_to_its_first_line(
        cli: Cli) -> None:
    nb = _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2))
    cli.write("compact.ipynb", json.dumps(nb, separators=(",", ":")) + "\n")
    (line,) = cli("check", "--output-format", "github", "compact.ipynb").stdout.splitlines()
    assert ",line=1,col=1," in line and "title=SYN101 (cell 2)" in line



def test_a_fix_that_would_move_code_above_a_cell_magic_is_refused() -> None:
    from synclint.notebook import parse_notebook

    nb = _notebook(_code(SETUP, 1), _code(f"%%time\n{ITEM_LOOP}", 2))
    notebook = parse_notebook("nb.ipynb", json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    marker = "# synclint-notebook-cell 2\n"
    assert notebook.rebuild(notebook.source) is not None
    moved = notebook.source.replace(marker, marker + "hoisted = 1\n")
    assert notebook.rebuild(moved) is None
