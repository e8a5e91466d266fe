"""Calls that call a callable they are given now (`knowledge.Invoker`): the call the
callable receives, read as if it were written at the invoker's place, for the
evaluation (`Calls._call`) and the gate (`candidates._Walk.call`) alike."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from synclint import knowledge
from synclint.model.syntax import _dotted, _last

if TYPE_CHECKING:
    from synclint.model.calls import Calls
    from synclint.model.flow import Value


def invoked_call(node: ast.Call, qualify: Callable[[str], str]) -> ast.Call | None:
    """`checkpoint(self._run, x, use_reentrant=False)` -> `self._run(x)`;
    `self._forward_redirection(m, u, self._loss, u, inputs)` -> `self._loss(u, inputs)`;
    None when `node` is no invoker's call or passes no named callable. `qualify` turns a
    dotted name into the qualified one its imports make."""
    name = _last(node.func)
    if name not in knowledge.INVOKERS:
        return None
    dotted = _dotted(node.func)
    found = knowledge.invoker(name, qualify(dotted) if dotted is not None else None)
    if found is None or len(node.args) <= found.position or any(
            isinstance(arg, ast.Starred) for arg in node.args[:found.position + 1]):
        return None
    target = node.args[found.position]
    if _dotted(target) is None:
        return None
    call = ast.Call(func=target, args=node.args[found.position + 1:],
                    keywords=node.keywords if found.passes_keywords else [])
    return ast.copy_location(call, node)


def evaluate_invoked(calls: Calls, node: ast.Call) -> Value | None:
    """`checkpoint(self._run, x)` evaluated as a call of the project function `self._run`
    with `x`, here; None where the callable is no project function (then `node` is
    evaluated as any call)."""
    call = invoked_call(node, calls._qualified)
    if call is None:
        return None
    target = _dotted(call.func)
    key = calls._project_callee(target) if target is not None else None
    if key is None:
        return None
    calls.expr(node.func)
    passed = {id(arg) for arg in call.args} | {id(k.value) for k in call.keywords}
    for value in [*node.args, *(k.value for k in node.keywords)]:
        if id(value) not in passed:
            calls.expr(value)  # the callable, the invoker's own arguments
    return calls._project_call(call, key)
