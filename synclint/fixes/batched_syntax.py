"""Syntax helpers of the batched fix: names an expression reads, loop targets, the
statements a loop body runs, and small rewrites (aliases substituted, guards negated)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

import libcst as cst

_RENDER = cst.Module([])


def _code(node: cst.CSTNode) -> str:
    return _RENDER.code_for_node(node)


def _atomic(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer,
                             cst.Float, cst.SimpleString)) or bool(getattr(node, "lpar", ()))


def _method(node: cst.CSTNode) -> tuple[cst.BaseExpression, str] | None:
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        return node.func.value, node.func.attr.value
    return None


def _positional(node: cst.Call) -> list[cst.BaseExpression]:
    return [arg.value for arg in node.args if arg.keyword is None and not arg.star]


def _keywords(node: cst.Call) -> set[str]:
    return {arg.keyword.value for arg in node.args if arg.keyword is not None}


def _names_in(node: cst.CSTNode) -> Iterator[str]:
    """Names read by an expression (not attribute names or keywords)."""
    if isinstance(node, cst.Name):
        yield node.value
        return
    if isinstance(node, cst.Attribute):
        yield from _names_in(node.value)
        return
    if isinstance(node, cst.Arg):
        yield from _names_in(node.value)
        return
    for child in node.children:
        yield from _names_in(child)


def _names_outside(scope: cst.CSTNode, skipped: set[int]) -> set[str]:
    """Names `scope` reads (not attribute names) outside the nodes whose ids are in
    `skipped`. A loop, not recursion: a long function must not exhaust the stack."""
    used: set[str] = set()
    stack: list[cst.CSTNode] = [scope]
    while stack:
        node = stack.pop()
        if id(node) in skipped:
            continue
        if isinstance(node, cst.Name):
            used.add(node.value)
        elif isinstance(node, cst.Attribute):
            stack.append(node.value)
        else:
            stack.extend(node.children)
    return used


_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
_NEW_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


def _reads_of_binding(scope: cst.CSTNode, skipped: set[int]) -> set[str]:
    """The names `scope` may read while they still hold a value bound before (outside the
    nodes in `skipped`): as `_names_outside`, less the names a later `for` loop or a
    comprehension binds itself before its body reads them (`for name, val in d.items():
    print(val)` reads its own `val`). A nested function or class counts every name it has
    (it may run when the name holds any value)."""
    used: set[str] = set()
    stack: list[tuple[cst.CSTNode, frozenset[str]]] = [(scope, frozenset())]
    while stack:
        node, own = stack.pop()
        if id(node) in skipped:
            continue
        if isinstance(node, cst.Name):
            if node.value not in own:
                used.add(node.value)
        elif isinstance(node, cst.Attribute):
            stack.append((node.value, own))
        elif isinstance(node, _NEW_SCOPES) and node is not scope:
            stack.extend((child, frozenset()) for child in node.children)
        elif isinstance(node, cst.For):
            bound = own | frozenset(_bound_names(node.target))
            stack.append((node.iter, own))
            stack.extend(((node.target, bound), (node.body, bound)))
            if node.orelse is not None:
                stack.append((node.orelse, own))
        elif isinstance(node, _COMPREHENSIONS):
            generators: list[cst.CompFor] = []
            comp: cst.CompFor | None = node.for_in
            while comp is not None:
                generators.append(comp)
                comp = comp.inner_for_in
            bound = own | frozenset(name for g in generators for name in _bound_names(g.target))
            # The first iterable is evaluated outside the comprehension's own scope.
            stack.append((generators[0].iter, own))
            for generator in generators:
                stack.append((generator.target, bound))
                if generator is not generators[0]:
                    stack.append((generator.iter, bound))
                stack.extend((condition.test, bound) for condition in generator.ifs)
            parts = (node.key, node.value) if isinstance(node, cst.DictComp) else (node.elt,)
            stack.extend((part, bound) for part in parts)
        else:
            stack.extend((child, own) for child in node.children)
    return used


def _written_places(statement: cst.Assign | cst.AugAssign | cst.AnnAssign | cst.Del,
                    ) -> Iterator[cst.Attribute | cst.Subscript]:
    """The attributes and subscripts a statement assigns to or deletes (`a.b = ...`,
    `x[i] += ...`, `del d[k]`, each element of a tuple target)."""
    targets = [t.target for t in statement.targets] if isinstance(statement, cst.Assign) \
        else [statement.target]
    for target in targets:
        for element in _target_elements(target):
            if isinstance(element, (cst.Attribute, cst.Subscript)):
                yield element


def _bound_names(target: cst.CSTNode) -> Iterator[str]:
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _bound_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _bound_names(target.value)


def _root(node: cst.BaseExpression) -> str | None:
    while isinstance(node, (cst.Attribute, cst.Subscript, cst.Call)):
        node = node.func if isinstance(node, cst.Call) else node.value
    return node.value if isinstance(node, cst.Name) else None


def _has_comment(node: cst.CSTNode) -> bool:
    if isinstance(node, cst.Comment):
        return True
    return any(_has_comment(child) for child in node.children)


_N = TypeVar("_N", bound=cst.CSTNode)


class _Substitute(cst.CSTTransformer):
    """Replaces reads of alias names by the expressions they stand for."""

    def __init__(self, aliases: dict[str, cst.BaseExpression],
                 originals: dict[int, tuple[cst.CSTNode, cst.CSTNode]] | None = None) -> None:
        super().__init__()
        self.aliases = aliases
        #: Each node this rebuilds, mapped to the node of the file it stands for, so that
        #: the model's facts about the file still answer for it (`Context.kind`).
        self.originals = originals

    def on_leave(self, original_node: _N, updated_node: _N
                 ) -> _N | cst.RemovalSentinel | cst.FlattenSentinel[_N]:
        result = super().on_leave(original_node, updated_node)
        if self.originals is not None and isinstance(result, cst.CSTNode) and \
                result is not original_node:
            self.originals.setdefault(id(result), (result, original_node))
        return result

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        value = self.aliases.get(original.value)
        if value is None:
            return updated
        result = value if _atomic(value) else value.with_changes(lpar=[cst.LeftParen()],
                                                                  rpar=[cst.RightParen()])
        if self.originals is not None:
            self.originals[id(result)] = (result, value)
        return result


class _Rename(cst.CSTTransformer):
    """Renames names in a loop target."""

    def __init__(self, names: dict[str, str]) -> None:
        super().__init__()
        self.names = names

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return updated.with_changes(value=self.names.get(original.value, original.value))


_OPPOSITES: dict[type[cst.BaseCompOp], cst.BaseCompOp] = {
    cst.Is: cst.IsNot(), cst.IsNot: cst.Is(), cst.In: cst.NotIn(), cst.NotIn: cst.In(),
}


def _negate(code: str) -> str:
    """`not (code)`, written as a maintainer would where that is exact: `x is not None`
    for `not (x is None)`, `x` for `not (not x)` (only its truth is used)."""
    try:
        node = cst.parse_expression(code)
    except cst.ParserSyntaxError:
        return f"not ({code})"
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and not node.lpar:
        comparison = node.comparisons[0]
        opposite = _OPPOSITES.get(type(comparison.operator))
        if opposite is not None:
            flipped = comparison.with_changes(operator=opposite)
            return _code(node.with_changes(comparisons=[flipped]))
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        inner = node.expression
        return _code(inner) if _atomic(inner) else f"({_code(inner)})"
    if isinstance(node, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or node.lpar:
        return f"not {code}"
    return f"not ({code})"


def _scope_names(scope: cst.CSTNode) -> set[str]:
    """Every name a scope (and what it contains) uses or binds: attribute names and
    keywords are not names, so `.norm()` does not keep the fix from naming a value
    `norm`."""
    names: set[str] = set()
    stack = [scope]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            names.add(node.value)
        elif isinstance(node, cst.Attribute):
            stack.append(node.value)
            continue
        elif isinstance(node, cst.Arg):
            stack.append(node.value)
            continue
        stack.extend(node.children)
    return names


def _effect_free(node: cst.BaseExpression) -> bool:
    """Evaluating it twice gives the same value and does nothing else: names, attributes,
    literals, constant indexes, arithmetic and `len()` of those (`x.shape[0] - 1`)."""
    if _simple(node):
        return True
    if isinstance(node, cst.Subscript):
        return _effect_free(node.value) and all(
            isinstance(e.slice, cst.Index) and _effect_free(e.slice.value) for e in node.slice)
    if isinstance(node, cst.BinaryOperation):
        return _effect_free(node.left) and _effect_free(node.right)
    if isinstance(node, cst.UnaryOperation):
        return _effect_free(node.expression)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
            and node.func.value == "len" and len(node.args) == 1:
        return _effect_free(node.args[0].value)
    return False


def _simple(node: cst.BaseExpression) -> bool:
    """Evaluating it has no effects: a name, a dotted name or a literal."""
    if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(node, cst.Attribute):
        return _simple(node.value)
    return False


def _int_targets(target: cst.BaseExpression,
                 iterable: cst.BaseExpression | None) -> Iterator[str]:
    """The loop variables bound to host values for certain: `for i in range(n)`, the index
    of `enumerate`, the name of `named_parameters()`."""
    method = _method(iterable) if iterable is not None else None
    if method is not None and method[1] in ("named_parameters", "named_buffers",
                                            "named_modules", "named_children") \
            and isinstance(target, (cst.Tuple, cst.List)) and target.elements \
            and isinstance(target.elements[0].value, cst.Name):
        yield target.elements[0].value.value  # the name: a str
        return
    if not isinstance(iterable, cst.Call) or not isinstance(iterable.func, cst.Name):
        return
    name = iterable.func.value
    if name == "reversed" and iterable.args:
        yield from _int_targets(target, iterable.args[0].value)
    elif name == "range" and isinstance(target, cst.Name):
        yield target.value
    elif name == "enumerate" and isinstance(target, (cst.Tuple, cst.List)) \
            and target.elements and isinstance(target.elements[0].value, cst.Name):
        yield target.elements[0].value.value


def _plain_target(target: cst.BaseExpression) -> bool:
    if isinstance(target, cst.Name):
        return True
    if isinstance(target, (cst.Tuple, cst.List)):
        return all(not isinstance(e, cst.StarredElement) and _plain_target(e.value)
                   for e in target.elements)
    return False


def _target_elements(target: cst.BaseExpression) -> Iterator[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _target_elements(element.value)
    else:
        yield target


def _walk_scope(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The nodes of a loop body that run with it (not the bodies of nested definitions)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        stack.extend(reversed(current.children))


def _sequence_annotation(node: cst.BaseExpression | None) -> bool:
    if isinstance(node, cst.Subscript):
        node = node.value
    if isinstance(node, cst.Attribute):
        node = node.attr
    return isinstance(node, cst.Name) and node.value in ("list", "List", "tuple", "Tuple",
                                                          "Sequence", "MutableSequence")


def _sequence_value(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.List, cst.Tuple, cst.ListComp)):
        return True
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
        and node.func.value in ("list", "tuple", "sorted")
