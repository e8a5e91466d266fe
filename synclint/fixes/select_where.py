"""Select with `torch.where`: `if cond: x = a` / `else: x = b` on tensors becomes
`x = torch.where(cond, a, b)`, which never reads `cond` on the host.

Never safe: `torch.where` evaluates both branches, broadcasts the condition and both
values to one shape, promotes their dtypes, and returns a new tensor (with gradients
flowing to both branches) where the `if` returns `a` or `b` itself; an `if` on a tensor of
several elements raises where `torch.where` does not. Equal only when `cond` is 0-d and `a`
and `b` have the same shape, dtype and device, which the analysis cannot prove.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from synclint.analysis.kinds import DEVICE_TENSORS
from synclint.analysis.names import last_name
from synclint.analysis.walker import Context, walk
from synclint.diagnostics import Applicability
from synclint.fixes.pending import PendingFix, Replacement

UNSAFE_REASON = (
    "`torch.where` evaluates both branches, broadcasts the condition and both values to one "
    "shape and promotes their dtypes, and returns a new tensor with gradients for both; it "
    "equals the `if` only when the condition is 0-d and both values have one shape, dtype "
    "and device"
)
#: Tensor methods and torch functions that may run on the branch not taken: they neither
#: mutate, nor read on the host, nor raise for well-formed tensors.
_PURE_METHODS = frozenset({
    "abs", "neg", "exp", "log", "sqrt", "clamp", "clip", "float", "double", "half",
    "bfloat16", "detach", "clone", "mul", "add", "sub", "div", "pow", "sigmoid", "tanh",
    "relu", "zeros_like", "ones_like", "full_like", "minimum", "maximum", "where",
    "masked_fill", "nan_to_num", "reciprocal", "square", "sign", "floor", "ceil", "round",
    "sum", "mean", "isnan", "isinf", "isfinite", "logical_not", "logical_and", "logical_or",
})


@dataclass(frozen=True)
class SelectOutcome:
    fix: PendingFix | None
    reason: str | None


def select_fix(ctx: Context, node: cst.If) -> SelectOutcome | None:
    """The `torch.where` rewrite of `node`, or None when it is not a select of one name."""
    if not isinstance(node.orelse, cst.Else):
        return None
    taken = _assignment(node.body)
    other = _assignment(node.orelse.body)
    if taken is None or other is None or taken[0] != other[0]:
        return None
    name, a, b = taken[0], taken[1], other[1]
    if isinstance(node.test, cst.BooleanOperation) or ctx.kind(node.test) not in DEVICE_TENSORS:
        return None  # `a and b` would still be read on the host
    if not (_is_value(ctx, a) and _is_value(ctx, b)) or not (
            ctx.kind(a) in DEVICE_TENSORS or ctx.kind(b) in DEVICE_TENSORS):
        return None
    for branch in (a, b):  # the test runs once either way; the branches now both run
        why = _impure(ctx, branch)
        if why is not None:
            return SelectOutcome(None, why)
    if _has_comments(node):
        return SelectOutcome(None, "the `if` holds comments the rewrite would drop")
    code = cst.Module([]).code_for_node
    text = f"{name} = torch.where({code(node.test)}, {code(a)}, {code(b)})"
    fix = PendingFix(Applicability.UNSAFE, "Select with `torch.where(cond, a, b)`",
                     (Replacement(node, text),), imports=("torch",), compile_safe=True)
    return SelectOutcome(fix, UNSAFE_REASON)


def _assignment(body: cst.BaseSuite) -> tuple[str, cst.BaseExpression] | None:
    """(name, value) when `body` is exactly `name = value`."""
    statements = body.body if isinstance(body, cst.IndentedBlock) else None
    if statements is None or len(statements) != 1:
        return None
    line = statements[0]
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    small = line.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Name)):
        return None
    return small.targets[0].target.value, small.value


def _is_value(ctx: Context, node: cst.BaseExpression) -> bool:
    return ctx.kind(node) in DEVICE_TENSORS or isinstance(node, (cst.Integer, cst.Float))


def _impure(ctx: Context, node: cst.BaseExpression) -> str | None:
    """Why evaluating `node` on the branch not taken could differ, or None."""
    for part in walk(node):
        if isinstance(part, (cst.NamedExpr, cst.Lambda, cst.Yield, cst.Await, cst.Subscript)):
            return "a branch has a subscript or side effect that could fail or act when not taken"
        if isinstance(part, cst.Call):
            func = part.func
            name = last_name(func)
            if name not in _PURE_METHODS:
                return f"`{name or 'a call'}(...)` would also run when its branch is not taken"
    return None


def _has_comments(node: cst.If) -> bool:
    return any(isinstance(part, cst.Comment) for part in _all_nodes(node))


def _all_nodes(node: cst.CSTNode) -> list[cst.CSTNode]:
    # `walk` skips whitespace (where comments live): visit every child here.
    found: list[cst.CSTNode] = []
    stack = [node]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(current.children)
    return found
