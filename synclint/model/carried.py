"""Values a loop carries through a call: `shapes = recv_obj_meta(shapes)` per microbatch.

The callee's syncs under a test of that parameter (`if obj_shape is None: ... .item()`)
do not happen on every iteration: the argument changes with each call's result. Where
the name holds `None` when the loop starts in this call (`shapes = None` before it, reset
on every step), the test holds on the first iteration only: the sync happens once per
call of this function, not per iteration. Where the carried value is kept elsewhere
(`self.shapes = recv_obj_meta(self.shapes)`, a value the caller passed), nothing says
when it is `None`: once in a run at most, so it is not reported.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from synclint.model.flow import Flow


def carried_target(node: ast.Assign) -> ast.expr | None:
    """The target of `x = f(..., x, ...)` or `self.x = f(..., self.x, ...)`: a value the
    call's result replaces."""
    if len(node.targets) != 1 or not isinstance(node.value, ast.Call):
        return None
    target = node.targets[0]
    key = _place(target)
    if key is None:
        return None
    call = node.value
    passed = [*call.args, *(keyword.value for keyword in call.keywords)]
    return target if any(_place(arg) == key for arg in passed) else None


def _place(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
            node.value.id == "self":
        return f"self.{node.attr}"
    return None


def split_carried(flow: Flow, node: ast.AST, when: tuple[int, ...],
                  argument: Callable[[int], ast.expr | None]
                  ) -> tuple[tuple[int, ...], bool] | None:
    """A callee's sync under tests of its parameters at `when`, at a call that may carry
    one of them (`Flow.carried`): the parameters left to judge as settings, and whether
    the sync happens on the loop's first iteration only; None where a carried value is
    not known to be `None` here (the sync happens once in a run at most)."""
    target = flow.carried.get(id(node)) if flow.loops else None
    if target is None:
        return when, False
    key = _place(target)
    rest: list[int] = []
    first = False
    for index in when:
        arg = argument(index)
        if arg is None or _place(arg) != key:
            rest.append(index)
        elif isinstance(arg, ast.Name) and arg.id in flow.nones:
            first = True
        else:
            return None
    return tuple(rest), first
