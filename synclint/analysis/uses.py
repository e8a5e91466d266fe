"""Where a name is read and where it is (re)bound inside a function: shared by rules and
fixes that follow a value through its uses."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from synclint.analysis.walker import iter_children

#: A `Name` node and its ancestors, outermost first.
Occurrence = tuple[cst.Name, tuple[cst.CSTNode, ...]]


def occurrences(scope: cst.CSTNode, name: str) -> list[Occurrence]:
    """Every `Name` node spelling `name` below `scope`, with its ancestors (outermost first)."""
    found: list[Occurrence] = []
    ancestors: list[cst.CSTNode] = []

    def visit(node: cst.CSTNode) -> None:
        if isinstance(node, cst.Name):
            if node.value == name:
                found.append((node, tuple(ancestors)))
            return
        ancestors.append(node)
        for child in iter_children(node):
            visit(child)
        ancestors.pop()

    body = scope.body if isinstance(scope, (cst.FunctionDef, cst.Lambda)) else scope
    visit(body)
    return found


def binds(name: cst.Name, ancestors: Sequence[cst.CSTNode]) -> bool:
    """Whether this occurrence (re)binds the name rather than reading it (`del` reads)."""
    child: cst.CSTNode = name
    index = len(ancestors) - 1
    while index >= 0 and isinstance(ancestors[index], (cst.Element, cst.Tuple, cst.List,
                                                        cst.StarredElement)):
        child = ancestors[index]
        index -= 1
    if index < 0:
        return False
    parent = ancestors[index]
    if isinstance(parent, (cst.AssignTarget, cst.AsName, cst.Param, cst.Global,
                           cst.Nonlocal, cst.ImportAlias)):
        return True
    if isinstance(parent, (cst.For, cst.CompFor, cst.AugAssign, cst.AnnAssign, cst.NamedExpr)):
        return parent.target is child
    if isinstance(parent, (cst.FunctionDef, cst.ClassDef)):
        return parent.name is child
    return False
