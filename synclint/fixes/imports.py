"""The `import torch` edits a fix needs: placed after the module docstring and any
`from __future__` imports (or before the first statement), never duplicated; none where the
function around the fix imports it, and `T.stack` in a file that has `import torch as T`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

import libcst as cst
from libcst.helpers import get_full_name_for_node
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from synclint.diagnostics import Edit, Location
from synclint.fixes.pending import PendingFix, Replacement


def import_edits(module: cst.Module, positions: Mapping[cst.CSTNode, CodeRange],
                 names: Iterable[str], row: int | None = None) -> tuple[Edit, ...]:
    """One insertion of `import NAME` lines for the `names` the module does not bind yet
    (nor, where `row` is given, the function around that row: `import torch` inside
    `main()` binds it there).

    `positions` must be the PositionProvider metadata of `module` itself (not a copy).
    """
    names = tuple(names)
    if not names:
        return ()
    missing = [name for name in missing_imports(module, names)
               if row is None or name not in _local_imports(module, row)]
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


def follow_imports(fix: PendingFix, module: cst.Module, row: int | None) -> PendingFix:
    """The fix written with the file's own names for the modules it needs: `T.stack` where
    the file has `import torch as T` (and no `import torch`), which then needs no import."""
    renames = {name: alias for name in fix.imports
               if (alias := bound_as(module, name, row)) is not None}
    if not renames:
        return fix
    replacements = []
    for replacement in fix.replacements:
        code = replacement.code
        for name, alias in renames.items():
            code = rename_module(code, name, alias)
        replacements.append(Replacement(replacement.node, code, replacement.mode,
                                        replacement.through))
    return PendingFix(fix.applicability, fix.message, tuple(replacements),
                      tuple(name for name in fix.imports if name not in renames))


def bound_as(module: cst.Module, name: str, row: int | None = None) -> str | None:
    """The name under which the module, or the function around `row`, binds the module
    `name` when it binds it only under another name (`import torch as T`: "T"); None where
    `name` itself is bound or nothing binds it."""
    if name in _bound_modules(module) or row is not None and name in _local_imports(module,
                                                                                       row):
        return None
    return _module_imports(module).aliases.get(name)


def rename_module(code: str, name: str, alias: str) -> str:
    """`torch.stack(...)` as `T.stack(...)` in code a fix wrote (not `x.torch.y`)."""
    return re.sub(rf"(?<![\w.]){re.escape(name)}\.", f"{alias}.", code)


def _local_imports(module: cst.Module, row: int) -> frozenset[str]:
    """Modules the functions around line `row` import under their own names."""
    found: set[str] = set()
    for function, start, end in _functions(module):
        if start <= row <= end:
            visitor = _LocalImports()
            function.body.visit(visitor)
            found |= visitor.names
    return frozenset(found)


def _functions(module: cst.Module) -> list[tuple[cst.FunctionDef, int, int]]:
    """Every function of the module with its first and last line (for the last module
    asked about: the fixes of one file come in a row)."""
    global _last_functions
    if _last_functions is not None and _last_functions[0] is module:
        return _last_functions[1]
    found: list[tuple[cst.FunctionDef, int, int]] = []
    if _has_local_import(module):
        wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
        positions = wrapper.resolve(PositionProvider)
        found = [(node, positions[node].start.line, positions[node].end.line)
                 for node in positions if isinstance(node, cst.FunctionDef)]
    _last_functions = (module, found)
    return found


def _has_local_import(module: cst.Module) -> bool:
    """Some function of the module has an `import` statement of its own."""
    finder = _LocalImports()
    for node in module.body:
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            _AnyFunctionImport(finder).visit_node(node)
    return bool(finder.names)


class _AnyFunctionImport:
    def __init__(self, finder: _LocalImports) -> None:
        self.finder = finder

    def visit_node(self, node: cst.CSTNode) -> None:
        if isinstance(node, cst.FunctionDef):
            node.body.visit(self.finder)
        for child in node.children:
            self.visit_node(child)


_last_functions: tuple[cst.Module, list[tuple[cst.FunctionDef, int, int]]] | None = None


class _LocalImports(cst.CSTVisitor):
    """`import torch` statements of a function body (not of functions nested in it)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        for alias in node.names:
            dotted = get_full_name_for_node(alias.name)
            if dotted is not None and alias.asname is None:
                self.names.add(dotted.split(".")[0])
        return False


# The engine asks once per fix, all fixes of one file in a row: remember the last module
# (LibCST nodes take no weak references, so this keeps one tree alive at most).
_last_bound: tuple[cst.Module, _ModuleImports] | None = None


def _bound_modules(module: cst.Module) -> frozenset[str]:
    return frozenset(_module_imports(module).names)


def _module_imports(module: cst.Module) -> _ModuleImports:
    global _last_bound
    cached = _last_bound
    if cached is not None and cached[0] is module:
        return cached[1]
    visitor = _ModuleImports()
    module.visit(visitor)
    _last_bound = (module, visitor)
    return visitor


def _covers(bound: str, wanted: str) -> bool:
    # `import torch.nn` binds `torch` too (and imports it).
    return bound == wanted or bound.startswith(wanted + ".")


class _ModuleImports(cst.CSTVisitor):
    """Modules bound by plain `import` statements outside functions and classes: an import
    inside a function does not bind the name for the rest of the module."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        #: `import torch as T`: {"torch": "T"}.
        self.aliases: dict[str, str] = {}

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
                else:
                    self.aliases.setdefault(dotted, alias.asname.name.value)
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
