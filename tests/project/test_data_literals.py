"""Long displays of constants (`model.syntax.plain_data`): walks and the evaluation skip
their elements, and give the display the kind an element-by-element evaluation gives;
a display with anything else in it is evaluated as before. A file the model parsed is
not parsed again to look for a syntax error."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from synclint.config import Overrides, resolve_settings
from synclint.model import syntax
from synclint.model.project import build_project
from synclint.runner import check_paths

DISPLAYS = {
    "list": "[" + ", ".join(str(i) for i in range(40)) + "]",
    "tuple": "(" + ", ".join(f"'k{i}'" for i in range(40)) + ")",
    "set": "{" + ", ".join(f"{i}.5" for i in range(40)) + "}",
    "dict": "{" + ", ".join(f"'k{i}': [{i}, ({i}, None)]" for i in range(40)) + "}",
    "nested": "[" + ", ".join(f"({i}, 'k{i}', [{i}, ...])" for i in range(40)) + "]",
    "mixed": "[torch.zeros(1)] + [" + ", ".join(str(i) for i in range(40)) + "]",
    # Rows unlike each other: the join of their kinds, whatever the order they come in.
    "ragged": "[" + ", ".join(("(1, 'a')", "(2, 'b', 3.0)", "[1, [2]]", "{'k': (1,)}",
                               "(3, 'c')", "...")[i % 6] for i in range(40)) + "]",
    "lists": "[" + ", ".join(("[1, 2]", "[[3]]", "[]", "['x', 4]")[i % 4] for i in range(40)) + "]",
    "dicts": "{" + ", ".join(f"{i}: " + ("{'a': 1}", "{'b': [1]}", "{}")[i % 3]
                             for i in range(40)) + "}",
}


@pytest.mark.parametrize("name", sorted(DISPLAYS))
def test_a_long_display_of_constants_gets_the_kind_of_its_elements(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    source = f"import torch\n\nX = {DISPLAYS[name]}\n"
    skipped = build_project({"m.py": source}, {"m.py": "m"}).modules["m"].globals["X"]
    monkeypatch.setattr(syntax, "PLAIN_DATA_MIN", 10**9)  # every element evaluated
    evaluated = build_project({"m.py": source}, {"m.py": "m"}).modules["m"].globals["X"]
    assert skipped == evaluated


def test_only_constants_are_plain_data() -> None:
    def plain(code: str) -> bool:
        return syntax.plain_data(ast.parse(code, mode="eval").body)

    many = ", ".join(str(i) for i in range(40))
    assert plain(f"[{many}]") and plain(f"({many}, ({many}))")
    assert not plain("[1, 2, 3]")  # short: evaluated as any expression
    assert not plain(f"[{many}, x]") and not plain(f"[x, {many}]")
    assert not plain(f"[{many}, f()]") and not plain(f"{{**other, {many.replace(',', ': 0,')}: 0}}")
    assert not plain(f"[{many}, -1]")  # a unary minus is an operation, not a constant


def loop_over(display: str) -> str:
    return ("import torch\n\n\n"
            f"ITEMS = {display}\n\n\n"
            "def total():\n"
            "    out = 0.0\n"
            "    for t in ITEMS:\n"
            "        out += t.item()\n"
            "    return out\n")


def findings(tmp_path: Path, source: str) -> list[str]:
    path = tmp_path / "m.py"
    path.write_text(source)
    settings = resolve_settings([str(path)], None, Overrides(select=("ALL",)))
    outcomes = check_paths([str(path)], settings, jobs=1)
    return [d.code for o in outcomes for d in o.result.diagnostics]


def test_a_display_with_a_tensor_in_it_is_still_evaluated(tmp_path: Path) -> None:
    constants = ", ".join(str(i) for i in range(40))
    with_tensor = f"[torch.ones(1, device='cuda'), {constants}]"
    assert "SYN101" in findings(tmp_path, loop_over(with_tensor))


def test_a_data_file_is_parsed_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = "\n".join(f"    ({i}, 'k{i}', {i}.25)," for i in range(200))
    source = f"DATA = [\n{rows}\n]\n"
    parses: list[str] = []
    original = ast.parse

    def counting(text: str, *args: object, **kwargs: object) -> ast.AST:
        if text == source:
            parses.append("DATA")
        return original(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ast, "parse", counting)
    assert findings(tmp_path, source) == []
    assert parses == ["DATA"]  # the model's parse; no second one for SYN000
    parses.clear()
    broken = source.replace("(199,", "(199,,")
    assert findings(tmp_path, broken) == ["SYN000"]
