"""The sums of squares the gate takes for SYN301 candidates (`candidates.py`): the shapes
`rules/float32_squared_norm.py` matches, on `ast` nodes."""

from __future__ import annotations

import ast

from synclint.model.syntax import _last


def squared_sum(node: ast.Call, name: str, receiver: ast.expr | None) -> bool:
    """A sum of squares of a tensor as a norm squares it (`float32_squared_norm`'s
    `match_squared_norm`): `(g * g).sum()`, `torch.sum(g ** 2)`, `sum(n ** 2 for n in
    norms)`, `torch.dot(g, g)`; never a sum over a dimension or of a difference."""
    if name in ("dot", "vdot", "inner"):
        same = [a for a in node.args if not isinstance(a, ast.Starred)]
        if len(same) == 2:  # `torch.dot(g, g)`
            return ast.dump(same[0]) == ast.dump(same[1]) and _norm_operand(same[0])
        return len(same) == 1 and receiver is not None and \
            ast.dump(same[0]) == ast.dump(receiver) and _norm_operand(receiver)
    first = node.args[0] if node.args else None
    if isinstance(node.func, ast.Name) and name == "sum" and isinstance(
            first, (ast.GeneratorExp, ast.ListComp)):
        return squared(first.elt)  # the builtin; a call element is a site of its own
    if receiver is not None and squared(receiver) and _full_sum(node.args, node.keywords):
        return True  # `(g * g).sum()`
    return first is not None and not isinstance(first, ast.Starred) and squared(first) and \
        _full_sum(node.args[1:], node.keywords)  # `torch.sum(g ** 2)`


def _full_sum(args: list[ast.expr], keywords: list[ast.keyword]) -> bool:
    """No dimension (`float32_squared_norm._full_sum`): `.sum(-1)` sums rows."""
    return not args and all(
        k.arg is not None and (k.arg not in ("dim", "axis") or (
            isinstance(k.value, ast.Constant) and k.value.value is None)) for k in keywords)


def squared(node: ast.expr) -> bool:
    """`x ** 2`, `x * x`, `x.pow(2)`, `x.square()`, `torch.pow(x, 2)` of a tensor as a
    norm squares it (`_squared_operand`, `is_norm_operand`)."""
    operand: ast.expr | None = None
    if isinstance(node, ast.BinOp):
        if isinstance(node.op, ast.Pow) and _two(node.right):
            operand = node.left
        elif isinstance(node.op, ast.Mult) and ast.dump(node.left) == ast.dump(node.right):
            operand = node.left
    elif isinstance(node, ast.Call):
        name = _last(node.func)
        args = node.args
        method = node.func.value if isinstance(node.func, ast.Attribute) else None
        if name == "pow":
            if len(args) == 2 and _two(args[1]):
                operand = args[0]
            elif len(args) == 1 and _two(args[0]):
                operand = method
        elif name == "square":
            operand = args[0] if len(args) == 1 else method if not args else None
    return operand is not None and _norm_operand(operand)


def _norm_operand(node: ast.expr) -> bool:
    """A name, `p.grad`, or a call (a norm, a cast or view chain): never a difference or
    a subscript (`is_norm_operand`)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, (ast.Name, ast.Call))


def _two(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float) and \
        node.value == 2
