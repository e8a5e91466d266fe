"""Large files that only hold data get a stand-in syntax tree (`data_files.py`): the model
makes of them what it makes of the parsed data, their importers' findings do not change,
and any file that does more than assign constants (or does not compile) is parsed as
usual."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner

from synclint.cli import main
from synclint.model import data_files
from synclint.model.data_files import data_module
from synclint.model.index import parse_module
from tests.model.probe import probes, syncs


@pytest.fixture(autouse=True)
def _small_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 12 kB table stands in for a 2 MB one (the check is the same, the test fast)."""
    monkeypatch.setattr(data_files, "MIN_BYTES", 2000)


def table(rows: int = 300, head: str = "", tail: str = "") -> str:
    lines = [f"    ({i}, 'k{i}', {i / 7:f}, [{i % 7}, {i % 11}])," for i in range(rows)]
    return (f'"""A generated table."""\n{head}TABLE = [\n' + "\n".join(lines) +
            f"\n]\nNAMES = {{'a': 1, 'b': 2}}\nLIMIT = 3\n{tail}")


def test_a_large_data_file_gets_a_stand_in_binding_each_name_at_its_line() -> None:
    text = table()
    assert len(text) >= data_files.MIN_BYTES > len(table(rows=10))
    tree = data_module(text, "data.py")
    assert tree is not None
    bound = [(node.targets[0].id, node.lineno, type(node.value).__name__)  # type: ignore
             for node in tree.body]
    assert bound == [("TABLE", 2, "List"), ("NAMES", 304, "Dict"),
                     ("LIMIT", 305, "Constant")]
    assert parse_module(text, "data.py") is not None
    assert data_module(table(rows=10), "small.py") is None  # a small file: ast.parse


@pytest.mark.parametrize(("head", "tail"), [
    ("import torch\n", ""),                               # an import
    ("", "def f():\n    return TABLE\n"),                 # a function
    ("", "KEY = lambda row: row[0]\n"),                  # a lambda
    ("", "LIMIT = (\n    max(LIMIT, 2))\n"),             # a call in a continuation line
    ("", "ROWS = [len(row) for row in TABLE]\n"),         # a builtin
    ("", "FIRST = TABLE[0].count(0)\n"),                  # an attribute
    ("", "A = B = 1\n"),                                  # a name not bound at a line start
    ("", "WIDTH: int = 3\n"),                             # an annotation names `int`
    ("", "if LIMIT:\n    EXTRA = 1\n"),                   # an indented binding
])
def test_a_file_that_does_more_than_assign_data_is_parsed(head: str, tail: str) -> None:
    text = table(head=head, tail=tail)
    assert data_module(text, "data.py") is None
    tree = parse_module(text, "data.py")
    assert tree is not None and len(tree.body) > 4  # the whole module, parsed


def test_a_large_file_that_does_not_compile_is_parsed_and_reported(tmp_path: Path) -> None:
    broken = table(tail="LATE = [1,, 2]\n")
    assert data_module(broken, "data.py") is None and parse_module(broken, "data.py") is None
    top_return = table(tail="return 1\n")  # `ast.parse` accepts it, `compile` does not
    assert data_module(top_return, "data.py") is None
    assert isinstance(parse_module(top_return, "data.py"), ast.Module)
    path = tmp_path / "data.py"
    path.write_text(broken, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--no-cache", str(path)])
    assert result.exit_code == 1
    assert f"{path}:306:" in result.output and "SYN000" in result.output


USER = """\
import torch

from data import LIMIT, NAMES, TABLE


def step(x: torch.Tensor) -> torch.Tensor:
    for row in TABLE:
        seen(row)
        if row[0] > LIMIT and NAMES.get(row[1]):
            x = x * row[2]
    if x.sum() > 0:
        x = x - 1
    return x


def train(xs: list[torch.Tensor]) -> None:
    for x in xs:
        step(x.cuda())
"""


def test_an_importer_sees_the_same_data_with_or_without_the_stand_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sources = {"data.py": table(rows=100), "user.py": USER}
    monkeypatch.setattr(data_files, "MIN_BYTES", 10**9)
    assert data_module(sources["data.py"], "data.py") is None
    parsed = (probes(sources, "user.py"), syncs(sources, "user.py"))
    monkeypatch.setattr(data_files, "MIN_BYTES", 0)
    assert data_module(sources["data.py"], "data.py") is not None
    assert (probes(sources, "user.py"), syncs(sources, "user.py")) == parsed
    # The data's tests are host; the tensor's is not (in `step`, and where `train` calls
    # it in a loop).
    assert parsed[1] == ["SYN102:11", "SYN102:18"]
