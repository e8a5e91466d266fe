"""The `import torch` edits a fix needs: placed after the module docstring and any
`from __future__` imports (or before the first statement), never duplicated."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import libcst as cst
from libcst.helpers import get_full_name_for_node
from libcst.metadata import CodeRange

from synclint.diagnostics import Edit, Location


def import_edits(module: cst.Module, positions: Mapping[cst.CSTNode, CodeRange],
                 names: Iterable[str]) -> tuple[Edit, ...]:
    """One insertion of `import NAME` lines for the `names` the module does not bind yet.

    `positions` must be the PositionProvider metadata of `module` itself (not a copy).
    """
    names = tuple(names)
    if not names:
        return ()
    missing = missing_imports(module, names)
    if not missing:
        return ()
    lines = "".join(f"import {name}\n" for name in missing)
    location, at_line_end = _insertion_point(module, positions)
    if at_line_end:
        # The last skipped statement ends the file without a newline: open a new line
        # before the imports and keep the file's "no trailing newline" state.
        return (Edit("\n" + lines.rstrip("\n"), location, location),)
    return (Edit(lines, location, location),)


def missing_imports(module: cst.Module, names: Iterable[str]) -> list[str]:
    """The `names` (dotted module names) not already bound by a module-level import."""
    bound = _bound_modules(module)
    missing: list[str] = []
    for name in names:
        if name in missing or any(_covers(have, name) for have in bound):
            continue
        missing.append(name)
    return missing


# The engine asks once per fix, all fixes of one file in a row: remember the last module
# (LibCST nodes take no weak references, so this keeps one tree alive at most).
_last_bound: tuple[cst.Module, frozenset[str]] | None = None


def _bound_modules(module: cst.Module) -> frozenset[str]:
    global _last_bound
    cached = _last_bound
    if cached is not None and cached[0] is module:
        return cached[1]
    visitor = _ModuleImports()
    module.visit(visitor)
    bound = frozenset(visitor.names)
    _last_bound = (module, bound)
    return bound


def _covers(bound: str, wanted: str) -> bool:
    # `import torch.nn` binds `torch` too (and imports it).
    return bound == wanted or bound.startswith(wanted + ".")


class _ModuleImports(cst.CSTVisitor):
    """Modules bound by plain `import` statements outside functions and classes: an import
    inside a function does not bind the name for the rest of the module."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        for alias in node.names:
            dotted = get_full_name_for_node(alias.name)
            if dotted is None:
                continue
            if alias.asname is None:
                self.names.add(dotted)
            elif isinstance(alias.asname.name, cst.Name):
                # `import torch as torch` binds `torch`; `import torch as T` does not.
                if alias.asname.name.value == dotted:
                    self.names.add(dotted)
        return False


def _insertion_point(module: cst.Module,
                     positions: Mapping[cst.CSTNode, CodeRange]) -> tuple[Location, bool]:
    """Where the imports go, and whether that is the end of a last line without newline."""
    body: Sequence[cst.BaseStatement] = module.body
    skipped = 0
    while skipped < len(body) and _must_stay_first(body[skipped], first=skipped == 0):
        skipped += 1
    if skipped == 0:
        if body:
            # Module header comments (shebang, coding cookie, licence) stay above.
            return Location(positions[body[0]].start.line, 1), False
        rows = len(module.header) + len(module.footer)
        return Location(rows + 1, 1), False
    last = body[skipped - 1]
    end = positions[last].end
    is_last_line = (skipped == len(body) and not module.footer
                    and not module.has_trailing_newline)
    if is_last_line:
        return Location(end.line, end.column + 1), True
    # The next line: after a trailing comment on the docstring's line too.
    return Location(end.line + 1, 1), False


def _must_stay_first(statement: cst.BaseStatement, *, first: bool) -> bool:
    """The module docstring (first statement only) and `from __future__` imports."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    if first and len(statement.body) == 1:
        small = statement.body[0]
        if isinstance(small, cst.Expr) and isinstance(
                small.value, (cst.SimpleString, cst.ConcatenatedString)):
            return True
    return all(
        isinstance(small, cst.ImportFrom) and isinstance(small.module, cst.Name)
        and small.module.value == "__future__" and not small.relative
        for small in statement.body
    )
