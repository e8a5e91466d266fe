"""Calls that run a function once per element of their iterables (`map`, `filter`, a
`key=` of `sorted`/`min`/`max`): the lambda given is evaluated with its parameters bound
to the elements' kinds (`model/calls.py` evaluates the call)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from synclint.analysis.kinds import elem_of, join_all

if TYPE_CHECKING:
    from synclint.model.calls import Calls
    from synclint.model.flow import Value


def element_arguments(calls: Calls, node: ast.Call) -> tuple[list[Value], list[Value]]:
    """`_all_arguments` of a call of `ELEMENT_CALLS`, with a lambda it calls per element
    evaluated after the iterables, its parameters bound to their elements' kinds
    (`map(lambda t: t.item(), (a, b))` reads each tensor)."""
    name = node.func.id if isinstance(node.func, ast.Name) else ""
    key = next((k.value for k in node.keywords if k.arg == "key"), None)
    positional = [a for a in node.args if not isinstance(a, ast.Starred)]
    if len(positional) != len(node.args) or not positional:
        return calls._all_arguments(node)
    if name in ("map", "filter") and isinstance(positional[0], ast.Lambda) and \
            len(positional) >= 2 and (name == "map" or len(positional) == 2):
        function, iterables = positional[0], positional[1:]
    elif name != "map" and name != "filter" and isinstance(key, ast.Lambda) and \
            (len(positional) == 1 or name != "sorted"):
        function, iterables = key, positional[:1] if len(positional) == 1 else []
    else:
        return calls._all_arguments(node)
    values = {id(a): calls.expr(a) for a in positional if a is not function}
    if iterables:
        calls.element_lambdas[id(function)] = tuple(elem_of(values[id(a)][0])
                                                    for a in iterables)
    else:  # `max(a, b, key=f)`: the arguments are the elements
        calls.element_lambdas[id(function)] = (join_all([v[0] for v in values.values()]),)
    args = [values[id(a)] if a is not function else calls.expr(a) for a in positional]
    return args, [calls.expr(k.value) for k in node.keywords]
