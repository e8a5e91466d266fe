"""What a fix can prove about a tensor's dtype from the code alone.

The float64 and chunked fixes call `torch.linalg.vector_norm(x, dtype=torch.float64)`,
which raises for integer, bool and complex tensors, and sum pieces one by one, which
rounds differently from a sum of their `torch.cat` when the pieces are float16 or of
mixed dtypes. They are safe only where the dtype is known from a cast in the code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import libcst as cst

from synclint.analysis.kinds import F64_TENSOR
from synclint.analysis.torch_api import CAST_METHOD_DTYPES, DTYPE_CANONICAL
from synclint.analysis.walker import Context, iter_children

__all__ = ["REAL_FLOAT", "arithmetic_on_unknown_dtype", "known_dtype", "mentions_mps"]

#: The dtypes these fixes reason about (a cast to another dtype leaves the dtype unknown).
_REASONED = frozenset({"torch.float32", "torch.float64", "torch.float16", "torch.bfloat16",
                       "torch.bool", "torch.int32", "torch.int64"})
#: The dtype each cast method gives (from the torch API table).
CAST_METHODS = {method: dtype for method, dtype in CAST_METHOD_DTYPES.items()
                if dtype in _REASONED}
#: Qualified dtype name -> canonical name (from the torch API table).
DTYPE_NAMES = {name: canonical for name, canonical in DTYPE_CANONICAL.items()
               if canonical in _REASONED}
#: The value of a norm: a real floating tensor whatever the (floating or complex) input.
REAL_FLOAT = "real floating"
NORMS = frozenset({"torch.norm", "torch.linalg.vector_norm", "torch.linalg.norm"})
#: Elementwise predicates: boolean whatever the input.
PREDICATES = frozenset({"isnan", "isinf", "isfinite", "isposinf", "isneginf", "logical_not",
                        "eq", "ne", "gt", "ge", "lt", "le"})
#: Elementwise steps that keep a floating dtype (not an integer or complex one: `abs` of a
#: complex tensor is real).
FLOAT_PRESERVING = frozenset({"abs", "neg", "sqrt", "exp", "log", "square", "pow", "clamp",
                              "clip", "nan_to_num", "sign"})
#: Steps that keep the dtype of what they are applied to.
KEEPS_DTYPE = frozenset({"view", "reshape", "flatten", "ravel", "detach", "contiguous",
                         "clone", "squeeze", "unsqueeze", "cpu", "cuda", "t"})
COMPARISONS = (cst.Equal, cst.NotEqual, cst.LessThan, cst.LessThanEqual, cst.GreaterThan,
               cst.GreaterThanEqual)
ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power)
FLOATS = frozenset({"torch.float32", "torch.float64", "torch.float16", "torch.bfloat16"})
_MPS = re.compile(r"\bmps\b")
_mps_sources: dict[int, tuple[str, bool]] = {}


def known_dtype(expr: cst.BaseExpression, ctx: Context,
                leaves: Mapping[int, str | None] | None = None) -> str | None:
    """"torch.float32", "torch.bool" ... when the code fixes the dtype of `expr` by a cast
    (`g.float().view(-1)`, `(x == 0).float()`, `torch.isnan(x)`), REAL_FLOAT for a norm, or
    None when it depends on the tensors the code receives. `leaves` gives the dtype of
    nodes by id (the pieces a joined tensor stands for)."""
    if ctx.kind(expr) is F64_TENSOR:
        return "torch.float64"
    while True:
        if leaves is not None and id(expr) in leaves:
            return leaves[id(expr)]
        if isinstance(expr, cst.Attribute) and expr.attr.value == "data":
            expr = expr.value
            continue
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            inner = known_dtype(expr.expression, ctx, leaves)
            return inner if inner in FLOATS else None
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, ARITHMETIC):
            return _arithmetic(expr, ctx, leaves)
        if isinstance(expr, cst.Comparison):
            ops = expr.comparisons
            return "torch.bool" if len(ops) == 1 and isinstance(ops[0].operator,
                                                                 COMPARISONS) else None
        if not isinstance(expr, cst.Call):
            return None
        qualified = ctx.imports.qualify(expr.func)
        if qualified in NORMS:
            return REAL_FLOAT
        if qualified is not None and qualified[len("torch."):] in PREDICATES:
            return "torch.bool"
        if qualified is not None and qualified[len("torch."):] in FLOAT_PRESERVING and expr.args:
            inner = known_dtype(expr.args[0].value, ctx, leaves)
            return inner if inner in FLOATS else None
        func = expr.func
        if not isinstance(func, cst.Attribute) or qualified is not None:
            return None
        method = func.attr.value
        if method in FLOAT_PRESERVING:
            inner = known_dtype(func.value, ctx, leaves)
            return inner if inner in FLOATS else None
        if method == "norm":
            return REAL_FLOAT
        if method in PREDICATES:
            return "torch.bool"
        if method in CAST_METHODS and not expr.args:
            return CAST_METHODS[method]
        if method in ("to", "type"):
            dtypes = [DTYPE_NAMES.get(ctx.imports.qualify(a.value) or "") for a in expr.args
                      if a.keyword is None or a.keyword.value == "dtype"]
            found = [d for d in dtypes if d is not None]
            if found:
                return found[0]
            if not all(_device_argument(a) for a in expr.args):
                return None  # `.to(other)`, `.to(dtype)`: a dtype not known here
            expr = func.value
            continue
        if method not in KEEPS_DTYPE:
            return None
        expr = func.value


def arithmetic_on_unknown_dtype(expr: cst.BaseExpression, ctx: Context,
                                leaves: Mapping[int, str | None]) -> bool:
    """Whether `expr` applies arithmetic (`abs`, `**`, `*`, `clamp` ...) to a tensor of
    unknown dtype. On the joined tensor it ran in the dtype `torch.cat` promoted to; on one
    piece it runs in that piece's dtype (`abs` of a bool piece raises, an int32 product
    overflows where the join was int64)."""
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if id(node) in leaves:
            continue
        inputs: list[cst.BaseExpression] = []
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, ARITHMETIC):
            inputs = [side for side in (node.left, node.right)
                      if not isinstance(side, (cst.Integer, cst.Float))]
        elif isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
            inputs = [node.expression]
        elif isinstance(node, cst.Call):
            qualified = ctx.imports.qualify(node.func)
            if qualified is not None and qualified[len("torch."):] in FLOAT_PRESERVING:
                inputs = [node.args[0].value] if node.args else []
            elif (qualified is None and isinstance(node.func, cst.Attribute)
                  and node.func.attr.value in FLOAT_PRESERVING):
                inputs = [node.func.value]
        if any(known_dtype(tensor, ctx, leaves) is None for tensor in inputs):
            return True
        stack.extend(iter_children(node))
    return False


def _arithmetic(expr: cst.BinaryOperation, ctx: Context,
                leaves: Mapping[int, str | None] | None) -> str | None:
    """`t * t`, `t / 2`, `t ** 2` of a floating tensor: the same floating dtype."""
    left, right = expr.left, expr.right
    if isinstance(right, (cst.Integer, cst.Float)):
        dtype = known_dtype(left, ctx, leaves)
    elif isinstance(left, (cst.Integer, cst.Float)):
        dtype = known_dtype(right, ctx, leaves)
    else:
        dtype = known_dtype(left, ctx, leaves)
        if dtype != known_dtype(right, ctx, leaves):
            return None
    return dtype if dtype in FLOATS else None


def _device_argument(arg: cst.Arg) -> bool:
    """`"cuda"`, `device=...`, `non_blocking=True`: arguments of `.to` that keep the dtype."""
    if arg.keyword is not None:
        return arg.keyword.value in ("device", "non_blocking", "copy", "memory_format")
    return isinstance(arg.value, cst.SimpleString)


def is_real_float(dtype: str | None) -> bool:
    return dtype == REAL_FLOAT or dtype in FLOATS


def mentions_mps(ctx: Context) -> bool:
    """The file names Apple's MPS device (`"mps"`, `torch.backends.mps`): float64 is not
    supported there. (Its text, not the module's code: LibCST may have been given the
    file without the functions where no rule can fire, `kept_text.kept_source`.)"""
    cached = _mps_sources.get(id(ctx))
    if cached is None or cached[0] is not ctx.source:
        cached = (ctx.source, bool(_MPS.search(ctx.source)))
        _mps_sources.clear()  # one file at a time: keep no old texts alive
        _mps_sources[id(ctx)] = cached
    return cached[1]
