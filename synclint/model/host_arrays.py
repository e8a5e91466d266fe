"""Arithmetic with a CPU tensor of at least one dimension proves the other operand is on the
CPU too: `R[idx] + eye * jitter` with `eye = torch.eye(H)` raises "Expected all tensors to
be on the same device" unless `R` is a CPU tensor. (A 0-d CPU tensor, `torch.tensor(0.5)`,
broadcasts to any device and proves nothing.)

A host array is a name the function binds once, to a torch factory given no `device=`
whose result has a dimension (`torch.eye(n)`, `torch.arange(n)`, `torch.ones(n, m)`,
`torch.tensor([...])`), or arithmetic on one (`eye * jitter`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from synclint.model.syntax import _dotted

#: Factories whose result always has a dimension, whatever their arguments.
_SHAPED = frozenset({"torch.eye", "torch.arange", "torch.linspace", "torch.logspace"})
#: Factories whose result has the dimensions of their size arguments.
_SIZED = frozenset({"torch.ones", "torch.zeros", "torch.empty", "torch.rand", "torch.randn",
                    "torch.full"})
#: Factories of data: a list or tuple display gives a dimension.
_DATA = frozenset({"torch.tensor", "torch.as_tensor"})
#: Size arguments that are a number, never a tuple (a bare name may hold `()`).
_NUMBERS = (ast.Constant, ast.Subscript, ast.Attribute, ast.Call, ast.BinOp)


def host_array_names(function: ast.AST, qualified: Callable[[str], str]) -> frozenset[str]:
    """The names `function` binds once, and only to a shaped CPU factory call."""
    stores: dict[str, int] = {}
    made: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Name) and _shaped_call(node.value, qualified):
            made.add(node.targets[0].id)
    return frozenset(name for name in made if stores.get(name) == 1)


def is_host_array(node: ast.expr, names: frozenset[str]) -> bool:
    """Whether `node` is a host array of `names`, or arithmetic on one."""
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.BinOp):
        return is_host_array(node.left, names) or is_host_array(node.right, names)
    return False


def proved_name(node: ast.expr) -> str | None:
    """The name whose device an operand shows: `x`, or `x[...]` (an index keeps the
    device); None for anything else."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _shaped_call(node: ast.expr, qualified: Callable[[str], str]) -> bool:
    if not isinstance(node, ast.Call) or any(k.arg in ("device", "out", None)
                                             for k in node.keywords):
        return False
    dotted = _dotted(node.func)
    if dotted is None:
        return False
    name = qualified(dotted)
    args = node.args
    if name in _SHAPED:
        return bool(args)
    if name in _DATA:
        return len(args) == 1 and isinstance(args[0], (ast.List, ast.Tuple)) and \
            bool(args[0].elts)
    if name in _SIZED:
        sizes = args[:-1] if name == "torch.full" else args
        if len(sizes) > 1:
            return True
        return len(sizes) == 1 and (isinstance(sizes[0], _NUMBERS) or (
            isinstance(sizes[0], (ast.Tuple, ast.List)) and bool(sizes[0].elts)))
    return False
