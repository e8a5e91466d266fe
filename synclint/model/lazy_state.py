"""Lazy parameters and buffers (`nn.UninitializedParameter`, `nn.UninitializedBuffer`):
torch materialises one once, on the first call, and it never becomes uninitialised
again. A test of whether one still is holds until the first step and never after: a
latch. `if self.initialized: return`, where the property tests it, leaves the rest of
the block to the first step (torchrl's `ActionScaling._ensure_initialized`); `if not
self.initialized: return` leaves it to every later step.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from synclint.model.syntax import _ends_abruptly, _last, statements

#: torch's classes of values not yet materialised (`torch.nn.parameter`).
_LAZY_CLASSES = frozenset({"UninitializedParameter", "UninitializedBuffer",
                           "UninitializedTensorMixin"})
#: Calls that ask whether a value, or a module's parameters, are still lazy
#: (`torch.nn.parameter.is_lazy`, `LazyModuleMixin.has_uninitialized_params`).
_LAZY_CALLS = frozenset({"is_lazy", "has_uninitialized_params"})

#: What a property of `self` returns, as a lazy state (`returned_state`), by its name.
Getter = Callable[[str], "bool | None"]


def state(test: ast.expr, getter: Getter | None = None) -> bool | None:
    """Whether `test` holds once the lazy values are materialised (True), holds while
    one is not (False), or tests no lazy state (None). `getter` gives the state a
    property of `self` returns (`self.initialized`)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = state(test.operand, getter)
        return None if inner is None else not inner
    if isinstance(test, ast.Call):
        name = _last(test.func)
        if name == "isinstance" and len(test.args) == 2:
            classes = test.args[1].elts if isinstance(test.args[1], ast.Tuple) \
                else [test.args[1]]
            return False if any(_last(c) in _LAZY_CLASSES for c in classes) else None
        return False if name in _LAZY_CALLS else None
    if getter is not None and isinstance(test, ast.Attribute) and \
            isinstance(test.value, ast.Name) and test.value.id == "self":
        return getter(test.attr)
    return None


def returned_state(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool | None:
    """The lazy state every `return` of `function` tests (a property `initialized`:
    `return not isinstance(self.loc, nn.UninitializedBuffer)`), or None."""
    found = {state(node.value) if node.value is not None else None
             for node in statements(function.body) if isinstance(node, ast.Return)}
    return found.pop() if len(found) == 1 else None


def first_step_from(body: list[ast.stmt], getter: Getter) -> int:
    """Where the part of a block that runs on the first step only starts, after `if
    <materialised>: return` (`len(body)`: none)."""
    for index, statement in enumerate(body):
        if isinstance(statement, ast.If) and not statement.orelse and \
                _ends_abruptly(statement.body) and state(statement.test, getter) is True:
            return index + 1
    return len(body)


def type_exit_from(body: list[ast.stmt], params: set[str]) -> int:
    """Where the part of a block that runs only for arguments that are no tensors starts,
    after `if isinstance(value, torch.Tensor): return value` (or `torch.is_tensor(value)`)
    on a parameter: what follows never runs for a tensor (allennlp's `dist_reduce` reads
    `.item()` of a number it wrapped, never of a tensor it was given), so it is no read a
    call with a tensor makes (`len(body)`: none). Not the negated test: `if not
    isinstance(image, torch.Tensor): raise` leaves the rest to tensors, every call's path."""
    for index, statement in enumerate(body):
        if isinstance(statement, ast.If) and not statement.orelse and \
                _ends_abruptly(statement.body) and _type_test(statement.test, params):
            return index + 1
    return len(body)


def _type_test(test: ast.expr, params: set[str]) -> bool:
    """`isinstance(param, torch.Tensor)` (a tuple naming it too) or `torch.is_tensor(param)`."""
    if not (isinstance(test, ast.Call) and test.args and isinstance(test.args[0], ast.Name)
            and test.args[0].id in params):
        return False
    name = _last(test.func)
    if name == "is_tensor":
        return len(test.args) == 1
    if name != "isinstance" or len(test.args) != 2:
        return False
    classes = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
    return any(_last(cls) == "Tensor" for cls in classes)
