"""A module built in the function that calls it and never moved (tenth draw F1): its
weights stay on the CPU, so a call on host values returns host values.

    def test():
        data, labels = tetris()          # host data (or of unknown kind, here)
        f = Network()                    # never `.to()`, `.cuda()`, passed on or stored
        error = f(rotated) - f(data)
        assert error.abs().max() < 1e-10 # a CPU tensor: no sync

Not where anything may move it: a `device=` or `.to()` in the call that builds it, in its
class's constructors (`self.to("cuda")`) or in the project function that builds it, a move
of the name (`f.cuda()`), or any other use of the name than calling it or calling a
method of it that moves nothing (`f.eval()`; `accelerator.prepare(f)`, `model = DDP(f)`,
`self.net = f` hand it on). Its `forward` must not move its input either. The arguments
must be host values, or, in a function that takes no argument and moves nothing, values of
unknown kind: nothing there can put them on a device.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING

from synclint.analysis.kinds import UNKNOWN, Kind
from synclint.model.callers import _host_argument
from synclint.model.flow import _DEVICE_MOVES
from synclint.model.host_data import hosted, moves_to_device
from synclint.model.syntax import _dotted, positional_args

if TYPE_CHECKING:
    from synclint.model.calls import Calls
    from synclint.model.flow import Value


def unmoved_call(calls: Calls, node: ast.Call, cls: str, forward: str,
                 args: Sequence[Value]) -> Kind | None:
    """What calling the local module at `node` (of the project class `cls`, whose method
    `forward` runs) returns where it stays on the CPU and is given host values: the
    forward's result on the host; else None."""
    func = node.func
    summary = calls.project.summaries.get(forward)
    if not isinstance(func, ast.Name) or summary is None:
        return None
    function = calls.function.node
    built = _unmoved_locals(calls).get(func.id)
    if not built or any(moves_to_device(call) for call in built):
        return None
    project = calls.project
    keys = [forward, *(c.methods["__init__"] for c in project._mro(cls)
                       if "__init__" in c.methods)]
    for call in built:
        dotted = _dotted(call.func)
        key = project._name_key(calls.module, dotted) if dotted is not None else None
        if key is None or (key not in project.classes and key not in project.functions):
            return None  # built by something the model cannot read
        if key in project.functions:
            keys.append(key)  # a factory function: `f = Network()`
    for key in keys:
        calls.callees.add(key)  # its summary is read: evaluated again when that changes
        read = project.summaries.get(key)
        if read is None or read.moves_any:
            return None
    if not all(_host_argument(value[0]) for value in args) and not (
            all(value[0] is UNKNOWN and value[1] is None for value in args
                if not _host_argument(value[0])) and _takes_nothing(function) and
            not moves_to_device(function)):
        return None
    return hosted(summary.returns)


def _takes_nothing(function: ast.AST) -> bool:
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    args = function.args
    return not positional_args(args) and not args.kwonlyargs and args.vararg is None and \
        args.kwarg is None


def _unmoved_locals(calls: Calls) -> dict[str, list[ast.Call]]:
    """The local names of the function bound only by `name = <call>` and used only as a
    callee or the receiver of a method call that moves nothing, with the calls that bind
    them (walked once per function)."""
    function = calls.function
    if function.unmoved_locals is None:
        function.unmoved_locals = _scan(function.node)
    return function.unmoved_locals


def _scan(function: ast.AST) -> dict[str, list[ast.Call]]:
    built: dict[str, list[ast.Call]] = {}
    other: set[str] = set()
    allowed: set[int] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                    isinstance(node.value, ast.Call):
                built.setdefault(node.targets[0].id, []).append(node.value)
                allowed.add(id(node.targets[0]))
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                allowed.add(id(func))
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                    func.attr not in _DEVICE_MOVES and func.attr not in ("to_empty", "apply"):
                allowed.add(id(func.value))
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id in built and id(node) not in allowed:
            other.add(node.id)
    return {name: calls_ for name, calls_ in built.items() if name not in other}
