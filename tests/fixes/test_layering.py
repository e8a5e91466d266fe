"""Rules may import fixes; fixes never import rules (DESIGN.md section 1)."""

from __future__ import annotations

import ast
from pathlib import Path

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
