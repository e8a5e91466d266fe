"""Rules may import fixes; fixes never import rules (DESIGN.md section 1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

FIXES = Path(__file__).resolve().parents[2] / "synclint" / "fixes"


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_fix_module_imports_a_rule() -> None:
    offenders = {path.name: sorted(m for m in _imported(path) if m.startswith("synclint.rules"))
                 for path in sorted(FIXES.glob("*.py"))}
    assert {name: found for name, found in offenders.items() if found} == {}


def _fix_imports(path: Path) -> set[str]:
    """The fix modules `path` imports, wherever the import statement sits."""
    prefix = "synclint.fixes."
    return {name[len(prefix):] for name in _imported(path) if name.startswith(prefix)}


def test_the_fix_modules_import_no_circle() -> None:
    graph = {path.stem: _fix_imports(path) for path in sorted(FIXES.glob("*.py"))}
    circles = []
    for start in graph:
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for target in graph.get(node, ()):
                if target == start:
                    circles.append(" -> ".join([*trail, start]))
                elif target not in seen:
                    seen.add(target)
                    stack.append((target, [*trail, target]))
    assert circles == []


def test_fix_modules_and_classes_stay_small() -> None:
    """No module over ~800 lines, no class over ~400 (DESIGN.md section 10)."""
    texts = {path.name: path.read_text() for path in sorted(FIXES.glob("*.py"))}
    if any("__mutmut_" in text for text in texts.values()):
        pytest.skip("a mutated copy (benchmarks/mutation.py): mutmut multiplies every function")
    large = []
    for name, text in texts.items():
        if text.count("\n") > 800:
            large.append(f"{name}: {text.count(chr(10))} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None \
                    and node.end_lineno - node.lineno + 1 > 400:
                large.append(f"{name}: class {node.name}, "
                             f"{node.end_lineno - node.lineno + 1} lines")
    assert large == []
