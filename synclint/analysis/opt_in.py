"""Opt-in options: a branch that runs only when a constructor argument differs from its
Python default (`if self.batchwise_prompt:` with `batchwise_prompt=False` in `__init__`).

A read there is still a sync on every step of a run that turns the option on, so it stays
reported; the message says which option turns it on ("only with `batchwise_prompt=True`"),
since most runs use the default. Read from the class's own `__init__` in the checked file:
`self.name = param` at the top level of its body, `param` a parameter with a literal
default. A configuration file may set the option for its users (mmdet's configs): the
message names the option, it does not judge how often it is on."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

#: Per class (by identity): attribute -> (the `__init__` parameter it holds, its default).
_DEFAULTS: dict[int, tuple[cst.ClassDef, dict[str, tuple[str, cst.BaseExpression]]]] = {}
#: Defaults a test of the attribute's truth reads as off.
_FALSY = frozenset({"False", "None", "0", "0.0", '""', "''"})


def opt_in(tests: Sequence[tuple[cst.BaseExpression, bool]],
           cls: cst.ClassDef | None) -> str | None:
    """"`batchwise_prompt=True`": the option a guarded branch needs that its class's
    `__init__` defaults off, from the tests it runs under (each with whether it holds,
    outermost first); None when no test is one."""
    if cls is None:
        return None
    defaults = _defaults(cls)
    if not defaults:
        return None
    for test, holds in reversed(tests):
        found = _needs(test, holds, defaults)
        if found is not None:
            return found
    return None


def _needs(test: cst.BaseExpression, holds: bool,
           defaults: dict[str, tuple[str, cst.BaseExpression]]) -> str | None:
    if isinstance(test, cst.BooleanOperation):
        # Every operand of `a and b` holds in its body; of `a or b`, in its `else`.
        if isinstance(test.operator, cst.And) == holds:
            for operand in (test.right, test.left):
                found = _needs(operand, holds, defaults)
                if found is not None:
                    return found
        return None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _needs(test.expression, not holds, defaults)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        option = _option(test.left, defaults)
        if option is None or not _literal(target.comparator):
            return None
        param, default = option
        value, text = _code(target.comparator), _code(default)
        equal = isinstance(target.operator, (cst.Equal, cst.Is))
        unequal = isinstance(target.operator, (cst.NotEqual, cst.IsNot))
        if (equal and holds) or (unequal and not holds):
            return f"`{param}={value}`" if value != text else None  # `x == "max"`
        if ((unequal and holds) or (equal and not holds)) and value == text:
            # `x is not None` with None the default
            return f"`{param}` set" if text == "None" else f"`{param}` other than {text}"
        return None
    option = _option(test, defaults)
    if option is None:
        return None
    param, default = option
    text = _code(default)
    if holds and text in _FALSY:
        return f"`{param}=True`" if text == "False" else f"`{param}` set"
    if not holds and text == "True":
        return f"`{param}=False`"
    return None


def _option(node: cst.BaseExpression,
            defaults: dict[str, tuple[str, cst.BaseExpression]]) -> tuple[str, cst.BaseExpression] | None:
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
            node.value.value == "self":
        return defaults.get(node.attr.value)
    return None


def _defaults(cls: cst.ClassDef) -> dict[str, tuple[str, cst.BaseExpression]]:
    cached = _DEFAULTS.get(id(cls))
    if cached is not None and cached[0] is cls:
        return cached[1]
    found: dict[str, tuple[str, cst.BaseExpression]] = {}
    init = next((s for s in cls.body.body if isinstance(s, cst.FunctionDef)
                 and s.name.value == "__init__"), None)
    if init is not None:
        # A parameter the body rebinds (`if local_optimization is None: local_optimization =
        # "lm"`) may not hold its default on the default path.
        rebound = _bound_names(init.body)
        params = {p.name.value: p.default for p in (*init.params.params,
                                                    *init.params.kwonly_params)
                  if p.default is not None and _literal(p.default)
                  and p.name.value not in rebound}
        assigned: dict[str, int] = {}
        for statement in _top_level(init):
            if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
                target = statement.targets[0].target
                if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) \
                        and target.value.value == "self":
                    name = target.attr.value
                    assigned[name] = assigned.get(name, 0) + 1
                    value = statement.value
                    if isinstance(value, cst.Name) and value.value in params:
                        default = params[value.value]
                        assert default is not None
                        found[name] = (value.value, default)
        # An attribute assigned twice may not hold the argument.
        found = {name: option for name, option in found.items() if assigned[name] == 1}
    if len(_DEFAULTS) > 256:
        _DEFAULTS.clear()
    _DEFAULTS[id(cls)] = (cls, found)
    return found


def _bound_names(body: cst.BaseSuite) -> set[str]:
    """The names a function body binds (assignments, loop and `with` targets, walrus),
    outside nested functions and classes."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        targets: list[cst.CSTNode] = []
        if isinstance(node, cst.AssignTarget):
            targets.append(node.target)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor,
                               cst.NamedExpr)):
            targets.append(node.target)
        elif isinstance(node, cst.AsName):
            targets.append(node.name)
        for target in targets:
            found.update(n.value for n in _names_in(target))
        stack.extend(node.children)
    return found


def _names_in(target: cst.CSTNode) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names_in(e.value)]
    if isinstance(target, cst.StarredElement):
        return _names_in(target.value)
    return []


def _top_level(function: cst.FunctionDef) -> list[cst.BaseSmallStatement]:
    body = function.body
    lines = body.body if isinstance(body, cst.IndentedBlock) else [body]
    found: list[cst.BaseSmallStatement] = []
    for line in lines:
        if isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            found.extend(line.body)
    return found


def _literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)) or (
        isinstance(node, cst.Name) and node.value in ("True", "False", "None"))


def _code(node: cst.BaseExpression) -> str:
    return cst.Module([]).code_for_node(node)
