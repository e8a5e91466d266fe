"""Loops over the elements of sequences: `for t in layer:` inside `for layer in layers:`,
where an annotation says each element of `layers` is a list (a first pass may walk it
again and get the same elements)."""

from __future__ import annotations

import libcst as cst

from synclint.fixes.batched_model import LoopState
from synclint.fixes.batched_syntax import _bound_names, _sequence_annotation, _walk_scope

__all__ = ["element_of_each", "element_of_sequences"]


def element_of_sequences(loop: LoopState, iterable: cst.BaseExpression) -> bool:
    """`for t in layer:` inside `for layer in layers:` (same function), where `layers` is
    a parameter annotated as a sequence of lists (see `element_of_each`) and the
    outer body never rebinds `layer`: the loop walks a list, which a first pass may walk
    again."""
    if not isinstance(iterable, cst.Name):
        return False
    for node in reversed(loop.ancestors):
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if isinstance(node, cst.For) and isinstance(node.target, cst.Name) \
                and node.target.value == iterable.value:
            return not _binds(node.body, iterable.value) \
                and element_of_each(loop, node, iterable)
    return False


def _binds(body: cst.CSTNode, name: str) -> bool:
    for node in _walk_scope(body):
        targets: list[cst.CSTNode] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.NamedExpr, cst.Del)):
            targets = [node.target]
        elif isinstance(node, cst.AsName):
            targets = [node.name]
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            return True
        if any(name in _bound_names(target) for target in targets):
            return True
    return False


def element_of_each(loop: LoopState, outer: cst.For | cst.CompFor,
                    iterable: cst.BaseExpression) -> bool:
    """`for layer in layers: for t in layer:` where `layers` is a parameter annotated as a
    sequence of lists or tuples (`list[list[Tensor]]`), or `for group in groups.values():`
    with `groups: dict[str, list[Tensor]]`, never rebound: each element is a list."""
    if not (isinstance(iterable, cst.Name) and isinstance(outer.target, cst.Name)
            and iterable.value == outer.target.value):
        return False
    source, annotation = outer.iter, None
    if isinstance(source, cst.Call) and isinstance(source.func, cst.Attribute) \
            and source.func.attr.value == "values" and not source.args:
        annotation = _parameter_annotation(loop, source.func.value)
        elements = _subscript_types(annotation, ("dict", "Dict", "Mapping", "MutableMapping"))
        return len(elements) == 2 and _sequence_annotation(elements[1])
    annotation = _parameter_annotation(loop, source)
    elements = _subscript_types(annotation, ("list", "List", "Sequence", "MutableSequence",
                                             "tuple", "Tuple"))
    return bool(elements) and all(_sequence_annotation(e) for e in elements
                                  if not isinstance(e, cst.Ellipsis))


def _subscript_types(annotation: cst.BaseExpression | None,
                     containers: tuple[str, ...]) -> list[cst.BaseExpression]:
    """The type arguments of `list[X]` / `dict[K, V]` (the containers named)."""
    if not isinstance(annotation, cst.Subscript):
        return []
    head = annotation.value
    name = head.attr.value if isinstance(head, cst.Attribute) else \
        head.value if isinstance(head, cst.Name) else None
    if name not in containers:
        return []
    return [e.slice.value for e in annotation.slice if isinstance(e.slice, cst.Index)]


def _parameter_annotation(loop: LoopState, node: cst.BaseExpression
                          ) -> cst.BaseExpression | None:
    """The annotation of the enclosing function's parameter `node`, where the function
    never rebinds it."""
    function = next((n for n in reversed(loop.ancestors) if isinstance(n, cst.FunctionDef)),
                    None)
    if function is None or not isinstance(node, cst.Name):
        return None
    params = [p for p in (*function.params.params, *function.params.kwonly_params,
                          *function.params.posonly_params) if p.name.value == node.value]
    if len(params) != 1 or params[0].annotation is None:
        return None
    for child in _walk_scope(function.body):
        target: cst.CSTNode | None = None
        if isinstance(child, cst.Assign):
            if any(node.value in _bound_names(t.target) for t in child.targets):
                return None
        elif isinstance(child, (cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor,
                                cst.NamedExpr, cst.Del)):
            target = child.target
        elif isinstance(child, cst.AsName):
            target = child.name
        elif isinstance(child, (cst.Global, cst.Nonlocal)):
            return None
        if target is not None and node.value in _bound_names(target):
            return None
    return params[0].annotation.annotation
