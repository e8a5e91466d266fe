"""Jupyter notebooks: discovered, checked and fixed cell by cell; magics left alone; fixes
keep every other byte of the file; the fixed notebook runs to the same results."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import Cli

SETUP = ("import torch\n"
         "torch.manual_seed(0)\n"
         "model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Linear(3, 2))\n"
         "model(torch.randn(5, 4)).sum().backward()")
ITEM_LOOP = ("norms = {}\n"
             "for name, p in model.named_parameters():\n"
             "    norms[name] = p.grad.norm().item()\n"
             "print(norms)")
NAN_CHECK = ("bad = []\n"
             "for name, p in model.named_parameters():\n"
             "    if torch.isnan(p.grad).any():\n"
             "        bad.append(name)\n"
             "print(bad)")
SQUARED_NORM = ("def grad_norm(model):\n"
                "    grads = [p.grad for p in model.parameters() if p.grad is not None]\n"
                "    total_sq = sum((g.float() * g.float()).sum() for g in grads)\n"
                "    return float(total_sq.sqrt().item())\n"
                "total_norm = grad_norm(model)\n"
                # The fix sums in float64: the same value to float32's precision.
                "print(round(total_norm, 4))")


def _code(source: str, number: int) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": number, "id": f"c{number}",
            "metadata": {"tags": ["keep"]},
            "outputs": [{"name": "stdout", "output_type": "stream", "text": ["é output\n"]}],
            "source": source.splitlines(keepends=True)}


def _markdown(text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": "m", "metadata": {}, "source": [text]}


def _notebook(*cells: dict[str, Any]) -> dict[str, Any]:
    return {"cells": list(cells),
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"},
                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def _write(cli: Cli, name: str, notebook: dict[str, Any], indent: int | None = 1) -> Path:
    # Jupyter's own layout: indent 1, non-ASCII as is, a final newline.
    return cli.write(name, json.dumps(notebook, indent=indent, ensure_ascii=False) + "\n")


def _seed(cli: Cli) -> Path:
    return _write(cli, "seed.ipynb", _notebook(
        _code(SETUP, 1), _markdown("# Gradient statistics"), _code(ITEM_LOOP, 2),
        _code(NAN_CHECK, 3), _code(SQUARED_NORM, 4)))


def _run_cells(notebook: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Executes the code cells in one namespace, as a kernel does; stdout and results."""
    namespace: dict[str, Any] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                exec(compile("".join(cell["source"]), "<cell>", "exec"), namespace)
    results = {k: namespace[k] for k in ("norms", "bad")}
    results["total_norm"] = round(namespace["total_norm"], 4)
    return out.getvalue(), results


def test_seed_notebook_is_checked_with_cell_positions(cli: Cli) -> None:
    _seed(cli)
    result = cli("check", ".")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert [line.split(" ")[0:2] for line in lines] == [
        ["seed.ipynb:cell", "3:3:19:"], ["seed.ipynb:cell", "4:3:8:"],
        ["seed.ipynb:cell", "5:3:16:"]]
    assert [line.split(" ")[2] for line in lines] == ["SYN101", "SYN102", "SYN301"]
    findings = json.loads(cli("check", "--output-format", "json", ".").stdout)
    assert [(d["code"], d["cell"], d["location"]["row"]) for d in findings] == [
        ("SYN101", 3, 3), ("SYN102", 4, 3), ("SYN301", 5, 3)]
    sarif = json.loads(cli("check", "--output-format", "sarif", ".").stdout)
    assert [r["properties"]["cell"] for r in sarif["runs"][0]["results"]] == [3, 4, 5]


def test_seed_notebook_is_fixed_and_runs_to_the_same_results(cli: Cli) -> None:
    pytest.importorskip("torch")
    path = _seed(cli)
    before_text = path.read_text(encoding="utf-8")
    before = json.loads(before_text)
    result = cli("fix", "seed.ipynb")
    assert result.exit_code == 0, result.output
    assert "Found 3 errors (3 fixed, 0 remaining)." in result.stderr
    after_text = path.read_text(encoding="utf-8")
    after = json.loads(after_text)
    changed = [i for i, (a, b) in enumerate(zip(before["cells"], after["cells"], strict=True))
               if a != b]
    assert changed == [2, 3, 4]
    for index in changed:  # only the source changed: outputs, metadata, ids kept
        assert {k for k in before["cells"][index]
                if before["cells"][index][k] != after["cells"][index][k]} == {"source"}
    # Byte for byte the same layout: Jupyter's indent, raw non-ASCII, final newline.
    assert after_text == json.dumps(after, indent=1, ensure_ascii=False) + "\n"
    assert after["metadata"] == before["metadata"]
    assert _run_cells(after) == _run_cells(before)
    assert cli("check", "seed.ipynb").exit_code == 0


def test_magics_and_a_broken_cell_give_the_real_findings_and_one_syntax_error(
    cli: Cli,
) -> None:
    _write(cli, "magic.ipynb", _notebook(
        _code("%matplotlib inline\n!pip install torch\nimport torch", 1),
        _code("%%bash\necho $HOME\nfor x in a b; do echo $x; done", 2),
        _code("%time y = 1\nfiles = !ls\ntorch.randn?\n" + ITEM_LOOP.replace("model.", "m."),
              3),
        _code("def broken(:\n    pass", 4),
        _code("for t in ts:\n    if torch.isnan(t).any():\n        print(t)", 5)))
    result = cli("check", "--output-format", "json", "magic.ipynb")
    found = [(d["code"], d["cell"], d["location"]["row"], d["location"]["column"])
             for d in json.loads(result.stdout)]
    assert found == [("SYN101", 3, 6, 19), ("SYN000", 4, 1, 12), ("SYN102", 5, 2, 8)]


def test_fix_keeps_magic_lines_and_left_out_cells(cli: Cli) -> None:
    path = _write(cli, "magic.ipynb", _notebook(
        _code(SETUP, 1),
        _code("%%writefile notes.py\nfor p in model.parameters():\n"
              "    print(p.grad.norm().item())", 2),
        _code("%time z = 1\n" + ITEM_LOOP, 3)))
    before = json.loads(path.read_text(encoding="utf-8"))
    assert cli("fix", "magic.ipynb").exit_code in (0, 1)
    after = json.loads(path.read_text(encoding="utf-8"))
    # A cell magic whose body is not run as Python here is never touched.
    assert after["cells"][1] == before["cells"][1]
    assert after["cells"][2]["source"][0] == "%time z = 1\n"
    assert after["cells"][2]["source"] != before["cells"][2]["source"]


def test_notebook_in_another_layout_is_kept_or_refused(cli: Cli) -> None:
    nb = _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2))
    path = _write(cli, "two.ipynb", nb, indent=2)
    assert cli("fix", "two.ipynb").exit_code == 0
    assert path.read_text(encoding="utf-8").startswith('{\n  "cells"')
    odd = cli.write("odd.ipynb", json.dumps(nb, separators=(",", ":")) + "\n")
    before = odd.read_bytes()
    result = cli("fix", "--output-format", "full", "odd.ipynb")
    assert result.exit_code == 1
    assert odd.read_bytes() == before
    # No fix is offered there (check shows no [*] either), and the finding says why.
    assert "[*]" not in result.stdout
    assert "No fix in this notebook: its JSON layout cannot be reproduced" in result.stdout


def test_invalid_notebook_is_an_io_error_finding(cli: Cli) -> None:
    cli.write("broken.ipynb", "{not json")
    result = cli("check", ".")
    assert result.exit_code == 1
    assert result.stdout.startswith("broken.ipynb:1:1: SYN001 Not a valid notebook:")


def test_pre_commit_hooks_run_on_python_and_notebooks_serially() -> None:
    yaml = pytest.importorskip("yaml")
    hooks = yaml.safe_load((Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml")
                           .read_text(encoding="utf-8"))
    assert {hook["id"] for hook in hooks} == {"synclint", "synclint-fix"}
    for hook in hooks:
        assert hook["types_or"] == ["python", "jupyter"] and "types" not in hook
        assert hook["require_serial"] is True


def test_directories_are_walked_for_notebooks(cli: Cli) -> None:
    _write(cli, "nbs/deep/seed.ipynb", _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2)))
    _write(cli, "nbs/.ipynb_checkpoints/seed-checkpoint.ipynb",
           _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2)))
    result = cli("check", "nbs")
    assert result.stdout.splitlines() == [
        "nbs/deep/seed.ipynb:cell 2:3:19: SYN101 [*] `.item()` in a loop syncs with the GPU "
        "on every iteration"]


def test_add_noqa_leaves_notebooks_alone(cli: Cli) -> None:
    path = _write(cli, "seed.ipynb", _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2)))
    before = path.read_bytes()
    result = cli("check", "--add-noqa", ".")
    assert path.read_bytes() == before
    assert "--add-noqa does not edit notebooks" in result.stderr


def test_full_format_shows_the_cell_source(cli: Cli) -> None:
    _write(cli, "seed.ipynb", _notebook(_code(SETUP, 1), _code(ITEM_LOOP, 2)))
    out = cli("check", "--output-format", "full", "seed.ipynb").stdout
    assert "3 |     norms[name] = p.grad.norm().item()" in out
    assert '"cell_type"' not in out



def test_a_chain_into_another_cell_names_that_cell(cli: Cli) -> None:
    """A whole-program finding's message and related location point at the sync in
    the cell that holds it, in that cell's rows (not the joined source's)."""
    helper = ("def to_number(t):\n    x = t * 2\n    y = x + 1\n    z = y - 1\n"
              "    return z.item()")
    loop = "for p in [torch.ones(2, device='cuda')]:\n    v = to_number(p)"
    _write(cli, "nb.ipynb", _notebook(_code("import torch", 1), _markdown("# helper"),
                                      _code(helper, 2), _code(loop, 3)))
    text = cli("check", "nb.ipynb").stdout
    assert "nb.ipynb:cell 4:2:9: SYN101 `to_number()` reads a tensor on the host " \
        "(cell 3:5), once per iteration" in text
    finding, = json.loads(cli("check", "--output-format", "json", "nb.ipynb").stdout)
    assert finding["cell"] == 4
    assert finding["related"] == [{"filename": "nb.ipynb", "location": {"row": 5, "column": 12},
                                   "message": "the sync: `.item()`", "cell": 3}]
    sarif = json.loads(cli("check", "--output-format", "sarif", "nb.ipynb").stdout)
    related, = sarif["runs"][0]["results"][0]["relatedLocations"]
    assert related["physicalLocation"]["region"]["startLine"] == 5
    assert related["properties"] == {"cell": 3}
