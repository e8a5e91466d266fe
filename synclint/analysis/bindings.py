"""The names a scope binds (parameters, assignments, loop and `with` targets, imports,
definitions): what tells a builtin (`sum`, `float`, `print`) from a name the code
rebinds. Syntax only: kinds are the model's (`model/facts.py`)."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.tree import iter_children

#: Nodes whose own bindings belong to a scope of their own.
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


def bound_names(scope: cst.CSTNode) -> tuple[frozenset[str], frozenset[str]]:
    """The names `scope` (a module, function or lambda) binds in its own body (not in
    the functions and classes defined in it, whose names it binds): by code, and by
    imports."""
    names: set[str] = set()
    imported: set[str] = set()
    if isinstance(scope, (cst.FunctionDef, cst.Lambda)):
        params = scope.params
        for param in (*params.posonly_params, *params.params, *params.kwonly_params):
            names.add(param.name.value)
        for star in (params.star_arg, params.star_kwarg):
            if isinstance(star, cst.Param):
                names.add(star.name.value)
    body: cst.CSTNode = scope.body if isinstance(scope, (cst.FunctionDef, cst.Lambda)) \
        else scope
    stack = list(iter_children(body))
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            names.add(node.name.value)
            continue
        if isinstance(node, cst.Lambda):
            continue
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = ([t.target for t in node.targets] if isinstance(node, cst.Assign)
                       else [node.target])
            for target in targets:
                _targets(target, names)
        elif isinstance(node, (cst.For, cst.CompFor)):
            _targets(node.target, names)
        elif isinstance(node, cst.WithItem) and node.asname is not None:
            _targets(node.asname.name, names)
        elif isinstance(node, cst.ExceptHandler) and node.name is not None:
            _targets(node.name.name, names)
        elif isinstance(node, cst.NamedExpr):
            _targets(node.target, names)
        elif isinstance(node, cst.Import):
            for alias in node.names:
                if alias.asname is not None:
                    _targets(alias.asname.name, imported)
                else:
                    head: cst.BaseExpression = alias.name
                    while isinstance(head, cst.Attribute):
                        head = head.value
                    if isinstance(head, cst.Name):
                        imported.add(head.value)
        elif isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                local = alias.asname.name if alias.asname is not None else alias.name
                if isinstance(local, cst.Name):
                    imported.add(local.value)
        stack.extend(iter_children(node))
    return frozenset(names), frozenset(imported)


def _targets(node: cst.CSTNode, names: set[str]) -> None:
    if isinstance(node, cst.Name):
        names.add(node.value)
    elif isinstance(node, (cst.Tuple, cst.List)):
        for element in node.elements:
            _targets(element.value, names)
    elif isinstance(node, cst.StarredElement):
        _targets(node.value, names)
