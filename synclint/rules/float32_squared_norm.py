"""SYN301 float32-squared-norm: `(g * g).sum()` and its kin overflow to inf in float32.

The detection is exposed as `match_squared_norm` so that the float64 fix can reuse it. The
rule reports a squared sum only where it is a norm (`is_norm_of_tensors`): square-rooted,
of norms, of gradients or parameters, or in a function named for a norm; never of an
integer tensor (counts in a contingency matrix, sums of squares of data statistics are
not norms, and integer squares do not overflow to inf).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

import libcst as cst

from synclint.analysis.kinds import F64_TENSOR, HOST_TENSOR, TENSOR, UNKNOWN, Kind
from synclint.analysis.names import last_name
from synclint.analysis.torch_api import (
    DTYPE_FAMILIES,
    F64_DTYPES,
    JOIN_NORM_FUNCTIONS,
    NARROW_DTYPES,
    NARROWING_METHODS,
    NORM_FUNCTIONS,
    NORM_OPERAND_METHODS,
    SUM_FUNCTIONS,
    SUM_METHODS,
)
from synclint.analysis.uses import binds, occurrences
from synclint.analysis.walker import Context
from synclint.diagnostics import Applicability
from synclint.fixes.matches import SquaredNorm
from synclint.rules.base import Example, Rule, Sink
from synclint.rules.wording import with_reason

#: Kinds whose squares may overflow: float32 or an unknown float dtype (not float64, not
#: a boolean mask, not NumPy or a Python number).
OVERFLOWING = frozenset({TENSOR, HOST_TENSOR})
#: Names of gradients and parameters (`g`, `grads`, `p.grad`'s `p`, `weight`, `w_grad`).
_GRADIENT = re.compile(r"^_*(g|gs|grads?|gradients?|\w+_grads?|grads?_\w+|p|params?|"
                       r"parameters?|weights?|\w+_weights?)$")
#: Methods and functions whose result is an integer tensor.
_INTEGER_MAKERS = frozenset({"long", "int", "short", "byte", "char", "bincount", "argmax",
                             "argmin", "argsort", "count_nonzero", "randint", "nonzero",
                             "searchsorted", "bucketize"})
#: Methods that keep an integer tensor an integer tensor.
_KEEPS_DTYPE = frozenset({"reshape", "view", "flatten", "sum", "t", "T", "transpose",
                          "permute", "contiguous", "detach", "clone", "squeeze", "unsqueeze",
                          "to", "cpu", "cuda", "abs"})

MESSAGE = "Squared-sum norm in float32: the squares overflow to inf above ~1.8e19"
REMEDY = ("compute per-tensor norms in float64 "
          "(`torch.linalg.vector_norm(g, dtype=torch.float64)`) and combine them")


def match_squared_norm(node: cst.Call, ctx: Context) -> SquaredNorm | None:
    """The squared-sum norm at `node` (being visited), or None."""
    func = node.func
    if isinstance(func, cst.Name) and func.value == "sum" and not ctx.bound("sum"):
        return _builtin_sum(node, ctx)
    qualified = ctx.imports.qualify(func)
    if qualified in SUM_FUNCTIONS:
        if not node.args or node.args[0].keyword is not None or not _full_sum(node.args[1:]):
            return None
        found = square_of(node.args[0].value, ctx)
        if found is None or not _overflows(found, ctx, proven_by_sum=True):
            return None
        return SquaredNorm(node, "sum-function", found[0], found[1])
    if qualified is None and isinstance(func, cst.Attribute) and func.attr.value in SUM_METHODS:
        if not _full_sum(node.args):
            return None
        found = square_of(func.value, ctx)
        if found is None or not _overflows(found, ctx, proven_by_sum=False):
            return None
        return SquaredNorm(node, "sum-method", found[0], found[1])
    return _dot(node, qualified, ctx)


def _dot(node: cst.Call, qualified: str | None, ctx: Context) -> SquaredNorm | None:
    """`torch.dot(g, g)` / `g.dot(g)`: a squared norm written as a dot product."""
    args = [a.value for a in node.args if a.keyword is None]
    if qualified in ("torch.dot", "torch.vdot", "torch.inner") and len(args) == 2:
        left, right = args
    elif isinstance(node.func, cst.Attribute) and node.func.attr.value == "dot" and len(args) == 1:
        left, right = node.func.value, args[0]
    else:
        return None
    if not same_code(left, right) or not is_norm_operand(left, ctx):
        return None
    if ctx.kind(left) not in OVERFLOWING:
        return None
    return SquaredNorm(node, "dot", node, left)


def _builtin_sum(node: cst.Call, ctx: Context) -> SquaredNorm | None:
    """`sum(x.norm() ** 2 for x in xs)`, `sum((g.float() * g.float()).sum() for g in grads)`."""
    if not node.args or node.args[0].keyword is not None:
        return None
    generator = node.args[0].value
    if not isinstance(generator, (cst.GeneratorExp, cst.ListComp)):
        return None
    element = generator.elt
    inner: SquaredNorm | None = None
    if isinstance(element, cst.Call):
        inner = match_squared_norm(element, ctx)
        if inner is not None and inner.form == "builtin-sum":
            inner = None
    if inner is not None:
        return SquaredNorm(node, "builtin-sum", inner.square, inner.operand, generator)
    found = square_of(element, ctx)
    if found is None or not _overflows(found, ctx, proven_by_sum=False) or not (
            _is_norm(found[1], ctx) or _iterates_norms(found[1], generator)):
        return None
    return SquaredNorm(node, "builtin-sum", found[0], found[1], generator)


def _assigned_values(name: cst.Name, ctx: Context) -> list[cst.BaseExpression]:
    """Every value `name` is assigned in its scope; empty when one of its bindings is not
    a plain `name = value` (a loop target, an augmented assignment, a parameter...)."""
    scope = ctx.functions[-1] if ctx.functions else ctx.parents[0]
    values: list[cst.BaseExpression] = []
    for node, ancestors in occurrences(scope, name.value):
        if not binds(node, ancestors):
            continue
        target, assign = ancestors[-1], ancestors[-2] if len(ancestors) >= 2 else None
        if not (isinstance(target, cst.AssignTarget) and isinstance(assign, cst.Assign)):
            return []
        values.append(assign.value)
    return values


def _bound_to_norms(name: cst.Name, ctx: Context) -> bool:
    values = _assigned_values(name, ctx)
    return bool(values) and all(_is_norm(value, ctx) for value in values)


def _iterates_norms(expr: cst.BaseExpression,
                    generator: cst.GeneratorExp | cst.ListComp) -> bool:
    """`n` of `sum(n ** 2 for n in norms)`: the code calls what it walks norms."""
    for_in = generator.for_in
    return (isinstance(expr, cst.Name) and isinstance(for_in.target, cst.Name)
            and for_in.target.value == expr.value and "norm" in code_of_name(for_in.iter))


def code_of_name(expr: cst.BaseExpression) -> str:
    """`norms`, `self.layer_norms`: the dotted name of an iterable, or ""."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute):
        return f"{code_of_name(expr.value)}.{expr.attr.value}"
    return ""


def _is_norm(expr: cst.BaseExpression, ctx: Context) -> bool:
    """A full norm (one number): squaring it squares a norm. `sum(c * c for c in xyz)` of
    whole tensors squares them elementwise, and `total += c ** 2` accumulates elementwise:
    not norms. A name counts when the code calls it a norm (`param_norm`) or binds it only
    to norms."""
    if isinstance(expr, cst.Name):
        return "norm" in expr.value or _bound_to_norms(expr, ctx)
    if not isinstance(expr, cst.Call):
        return False
    qualified = ctx.imports.qualify(expr.func)
    if qualified in NORM_FUNCTIONS:
        rest = expr.args[1:]
    elif qualified is None and isinstance(expr.func, cst.Attribute) and (
            expr.func.attr.value == "norm"):
        rest = expr.args
    else:
        return False
    return not any(arg.keyword is not None and arg.keyword.value in ("dim", "axis")
                   for arg in rest) and len([a for a in rest if a.keyword is None]) <= 1


def match_accumulated_square(node: cst.AugAssign, ctx: Context) -> SquaredNorm | None:
    """`total += p.grad.norm() ** 2` in a loop: a squared-sum norm built one term at a time."""
    if not ctx.in_loop or not isinstance(node.operator, cst.AddAssign):
        return None
    found = square_of(node.value, ctx)
    if found is None or not _is_norm(found[1], ctx) or not _overflows(
            found, ctx, proven_by_sum=False):
        return None
    return SquaredNorm(node.value, "accumulate", found[0], found[1])


def square_of(expr: cst.BaseExpression,
              ctx: Context) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(the squaring, its operand) for `x ** 2`, `x * x`, `x.pow(2)`, `x.square()` ..."""
    operand = _squared_operand(expr, ctx)
    if operand is None or not is_norm_operand(operand, ctx):
        return None
    return expr, operand


def _squared_operand(expr: cst.BaseExpression, ctx: Context) -> cst.BaseExpression | None:
    if isinstance(expr, cst.BinaryOperation):
        power = isinstance(expr.operator, cst.Power) and _is_two(expr.right)
        product = isinstance(expr.operator, cst.Multiply) and same_code(expr.left, expr.right)
        return expr.left if power or product else None
    if not isinstance(expr, cst.Call):
        return None
    func = expr.func
    args = [a.value for a in expr.args if a.keyword is None]
    qualified = ctx.imports.qualify(func)
    if qualified is not None:
        if qualified == "torch.pow" and len(args) == 2 and _is_two(args[1]):
            return args[0]
        return args[0] if qualified == "torch.square" and len(args) == 1 else None
    if not isinstance(func, cst.Attribute):
        return None
    if func.attr.value == "pow" and len(expr.args) == 1 and len(args) == 1 and _is_two(args[0]):
        return func.value
    return func.value if func.attr.value == "square" and not expr.args else None


def is_norm_operand(expr: cst.BaseExpression, ctx: Context) -> bool:
    """A tensor as a norm squares it: a name, `p.grad`, a cast/view chain of one, a norm,
    or a stack of norms; not a difference like `pred - target` (a loss)."""
    while True:
        if isinstance(expr, cst.Name):
            return True
        if isinstance(expr, cst.Attribute):
            expr = expr.value
            continue
        if not isinstance(expr, cst.Call):
            return False
        func = expr.func
        qualified = ctx.imports.qualify(func)
        if qualified in NORM_FUNCTIONS or qualified in JOIN_NORM_FUNCTIONS:
            return True
        if isinstance(func, cst.Attribute) and func.attr.value == "norm":
            return True
        if isinstance(func, cst.Attribute) and func.attr.value in NORM_OPERAND_METHODS:
            expr = func.value
            continue
        if (qualified is not None and qualified.startswith("torch.") and expr.args
                and qualified[len("torch."):] in NORM_OPERAND_METHODS):
            expr = expr.args[0].value  # torch.flatten(g), torch.abs(g): the same values
            continue
        return False


def _overflows(found: tuple[cst.BaseExpression, cst.BaseExpression], ctx: Context, *,
               proven_by_sum: bool) -> bool:
    """The operand is a float32 (or unknown-dtype) tensor, proven by inference or by a
    torch-only method (`.pow`, `.square`, `torch.sum`)."""
    square, operand = found
    if not ctx.imports.torch_imported and ctx.kind(_root(operand)) not in OVERFLOWING:
        return False  # `.norm()` of something in a file without torch: a vector class
    kind: Kind = ctx.kind(operand)
    if kind is F64_TENSOR or _widened_to_f64(operand, ctx) or (
            _name_widened_to_f64(operand, ctx)):
        return False
    if kind in OVERFLOWING:
        return True
    if kind is not UNKNOWN:
        return False
    return proven_by_sum or ctx.kind(square) in OVERFLOWING


def _root(expr: cst.BaseExpression) -> cst.BaseExpression:
    """The innermost receiver of an attribute / method chain (`p` of `p.grad.norm()`)."""
    while True:
        if isinstance(expr, cst.Attribute):
            expr = expr.value
        elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
            expr = expr.func.value
        else:
            return expr


def _widened_to_f64(expr: cst.BaseExpression, ctx: Context) -> bool:
    """The last dtype change of the operand's chain is to float64 (`.double()`,
    `.to(torch.float64)`, `dtype=torch.float64`); `.double().float()` is float32 again."""
    while isinstance(expr, (cst.Call, cst.Attribute)):
        if isinstance(expr, cst.Attribute):
            expr = expr.value
            continue
        dtypes = [ctx.imports.qualify(a.value) for a in expr.args]
        if any(d in F64_DTYPES for d in dtypes) or any(_float64_off_mps(a.value, ctx)
                                                       for a in expr.args):
            return True
        if any(d in NARROW_DTYPES for d in dtypes):
            return False
        if not isinstance(expr.func, cst.Attribute):
            return False
        method = expr.func.attr.value
        if method == "double":
            return True
        if method in NARROWING_METHODS:
            return False
        expr = expr.func.value
    return False


def _float64_off_mps(value: cst.BaseExpression, ctx: Context) -> bool:
    """`torch.float32 if g.device.type == "mps" else torch.float64`, the float64 fix's own
    dtype in a file that uses Apple MPS (no float64 there): float64 wherever it exists."""
    return isinstance(value, cst.IfExp) and ctx.imports.qualify(value.orelse) in F64_DTYPES \
        and "mps" in cst.Module([]).code_for_node(value.test)


def _name_widened_to_f64(expr: cst.BaseExpression, ctx: Context) -> bool:
    """A name every assignment of which widens to float64: `norms = stack(...).double().cpu()`
    (the kinds know host tensors, not their dtype)."""
    if not isinstance(expr, cst.Name):
        return False
    values = _assigned_values(expr, ctx)
    return bool(values) and all(_widened_to_f64(value, ctx) for value in values)


def _full_sum(args: Sequence[cst.Arg]) -> bool:
    """No dimension: `.sum()`, `.sum(dtype=...)`; `.sum(-1)` sums rows, not a norm."""
    for arg in args:
        if arg.star:
            return False
        if arg.keyword is None:
            return False
        if arg.keyword.value in ("dim", "axis") and not (
                isinstance(arg.value, cst.Name) and arg.value.value == "None"):
            return False
    return True


def _is_two(expr: cst.BaseExpression) -> bool:
    return (isinstance(expr, cst.Integer) and expr.value == "2") or (
        isinstance(expr, cst.Float) and float(expr.value) == 2.0)


def same_code(a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    """Textually equal expressions, ignoring whitespace and parentheses."""
    return _code(a) == _code(b)


_EMPTY = cst.Module(body=[])


def _code(node: cst.BaseExpression) -> str:
    if node.lpar:
        node = node.with_changes(lpar=[], rpar=[])
    return "".join(_EMPTY.code_for_node(node).split())


def is_norm_of_tensors(match: SquaredNorm, ctx: Context) -> bool:
    """Whether a squared sum is a norm: its operand is a norm, a gradient or a parameter
    (by the code that makes it or by its name), the sum is square-rooted, or the function
    says it computes a norm; and the operand is not an integer tensor."""
    if _integer(match.operand, ctx):
        return False
    if _origin(match.operand, ctx) or (
            match.comprehension is not None and _comprehension_origin(match, ctx)):
        return True
    function = ctx.functions[-1] if ctx.functions else None
    if isinstance(function, cst.FunctionDef) and "norm" in function.name.value.lower():
        return True
    return _square_rooted(match.node, ctx)


def _origin(operand: cst.BaseExpression, ctx: Context, depth: int = 0) -> bool:
    """A norm, a stack of norms, a gradient (`p.grad`, `torch.autograd.grad`) or a
    parameter (`model.parameters()`), read off the operand's chain and its root's name."""
    node: cst.BaseExpression = operand
    while True:
        if _is_norm(node, ctx):
            return True
        if isinstance(node, cst.Attribute):
            if node.attr.value == "grad":
                return True
            node = node.value
        elif isinstance(node, cst.Call):
            qualified = ctx.imports.qualify(node.func)
            if qualified in JOIN_NORM_FUNCTIONS and node.args:
                return "norm" in code_of_name(_root(node.args[0].value)).lower() or \
                    _iterable_of_norms(node.args[0].value)
            if qualified is not None:
                if not node.args:
                    return False
                node = node.args[0].value  # `torch.abs(g)`: the same values
            elif isinstance(node.func, cst.Attribute):
                node = node.func.value
            else:
                return False
        elif isinstance(node, cst.Subscript):
            node = node.value
        elif isinstance(node, cst.Name):
            if "norm" in node.value.lower() or _GRADIENT.match(node.value) or \
                    _iterates_origin(node.value, ctx):
                return True
            # `flat = p.grad.view(-1)`, `n = torch.stack(norms)`: what the name holds.
            values = _assigned_values(node, ctx) if depth < 3 else []
            return len(values) == 1 and _origin(values[0], ctx, depth + 1)
        else:
            return False


def _comprehension_origin(match: SquaredNorm, ctx: Context) -> bool:
    """`sum(n ** 2 for n in norms)`, `sum(... for p in model.parameters())`: the summed
    generator walks norms, gradients or parameters."""
    assert match.comprehension is not None
    for_in = match.comprehension.for_in
    root = _root(match.operand)
    if not isinstance(root, cst.Name) or root.value not in {
            n.value for n in _target_names(for_in.target)}:
        return False
    iterable = for_in.iter
    if isinstance(iterable, cst.Call) and last_name(iterable.func) in (
            "parameters", "named_parameters"):
        return True
    iterated = last_name(iterable)
    return "norm" in iterated.lower() or bool(_GRADIENT.match(iterated)) or _origin(
        iterable, ctx)


def _iterable_of_norms(node: cst.BaseExpression) -> bool:
    """`[g.norm() for g in grads]`: a comprehension of norms."""
    if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
        element = node.elt
        return isinstance(element, cst.Call) and last_name(element.func) in (
            "norm", "vector_norm")
    return False


def _iterates_origin(name: str, ctx: Context) -> bool:
    """`name` is the target of an enclosing loop or comprehension over `.parameters()`,
    `.named_parameters()` or a list whose name says norms, gradients or parameters."""
    for loop in reversed(ctx.loops):
        if isinstance(loop, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
            target, iterable = loop.for_in.target, loop.for_in.iter
        elif isinstance(loop, cst.For):
            target, iterable = loop.target, loop.iter
        else:
            continue
        if name not in {n.value for n in _target_names(target)}:
            continue
        walked = _walked_by(name, target, iterable)
        if walked is None:
            return False
        if isinstance(walked, cst.Call) and last_name(walked.func) in (
                "parameters", "named_parameters"):
            return True
        iterated = last_name(walked)
        return "norm" in iterated.lower() or bool(_GRADIENT.match(iterated))
    return False


def _walked_by(name: str, target: cst.BaseExpression,
               iterable: cst.BaseExpression) -> cst.BaseExpression | None:
    """What the loop variable `name` walks: `zip(params, flags)`'s `params` for `p` in
    `for p, flag in ...` (the batched fix's own loops), `enumerate(params)`'s for the
    second name; the iterable itself for a plain target; None when it cannot be told."""
    if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(iterable, cst.Call) \
            or not isinstance(iterable.func, cst.Name) \
            or iterable.func.value not in ("zip", "enumerate"):
        return iterable
    positional = [a.value for a in iterable.args if a.keyword is None and not a.star]
    shift = 1 if iterable.func.value == "enumerate" else 0
    for index, element in enumerate(target.elements):
        if isinstance(element.value, cst.Name) and element.value.value == name:
            source = index - shift
            if 0 <= source < len(positional) and (not shift or source == 0):
                return positional[source]
    return None


def _target_names(target: cst.BaseExpression) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_names(e.value)]
    return []


def _integer(operand: cst.BaseExpression, ctx: Context, depth: int = 0) -> bool:
    """An integer tensor (`torch.bincount(...)`, `.long()`, `dtype=torch.int64`), read off
    the operand's chain or the one value its name is assigned."""
    node: cst.BaseExpression = operand
    while True:
        if isinstance(node, cst.Name):
            values = _assigned_values(node, ctx) if depth < 3 else []
            return len(values) == 1 and _integer(values[0], ctx, depth + 1)
        if not isinstance(node, cst.Call):
            return False
        for arg in node.args:
            if arg.keyword is None or arg.keyword.value == "dtype":
                family = DTYPE_FAMILIES.get(ctx.imports.qualify(arg.value) or "")
                if family is not None:
                    return family in ("int", "bool")
        name = last_name(node.func)
        if name in _INTEGER_MAKERS:
            return True
        if name not in _KEEPS_DTYPE or not isinstance(node.func, cst.Attribute):
            return False
        node = node.func.value


def _square_rooted(node: cst.BaseExpression, ctx: Context) -> bool:
    """The squared sum is square-rooted where it is computed (`.sqrt()`, `torch.sqrt(...)`,
    `** 0.5`), or the name it is assigned (or accumulated into) is."""
    parents = ctx.parents
    if parents and parents[-1] is node:
        parents = parents[:-1]
    if _rooted_at(node, parents, ctx):
        return True
    for index in range(len(parents) - 1, -1, -1):
        parent = parents[index]
        if isinstance(parent, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            targets = [t.target for t in parent.targets] if isinstance(parent, cst.Assign) \
                else [parent.target]
            scope = ctx.functions[-1] if ctx.functions else ctx.parents[0]
            for target in targets:
                if isinstance(target, cst.Name):
                    for occurrence, ancestors in occurrences(scope, target.value):
                        if not binds(occurrence, ancestors) and _rooted_at(
                                occurrence, list(ancestors), ctx):
                            return True
            return False
        if isinstance(parent, (cst.SimpleStatementLine, cst.IndentedBlock)):
            return False
    return False


def _rooted_at(node: cst.CSTNode, parents: Sequence[cst.CSTNode], ctx: Context) -> bool:
    """Whether `node` (below `parents`) is the operand of a square root."""
    child: cst.CSTNode = node
    for parent in reversed(parents):
        if isinstance(parent, cst.Attribute) and parent.value is child:
            return parent.attr.value == "sqrt"
        if isinstance(parent, cst.BinaryOperation):
            if isinstance(parent.operator, cst.Power) and parent.left is child:
                right = parent.right
                return isinstance(right, cst.Float) and float(right.value) == 0.5
            if not isinstance(parent.operator, (cst.Add, cst.Subtract)):
                return False  # `(a + eps)` keeps it a sum of squares; a product does not
        elif isinstance(parent, cst.Arg):
            pass
        elif isinstance(parent, cst.Call):
            name = ctx.imports.qualify(parent.func) or last_name(parent.func)
            return name.rsplit(".", 1)[-1] == "sqrt"
        elif not isinstance(parent, (cst.Element,)) and not (
                isinstance(parent, (cst.Call, cst.BinaryOperation))):
            return False
        child = parent
    return False


class Float32SquaredNorm(Rule):
    code = "SYN301"
    name = "float32-squared-norm"
    summary = "A squared-sum norm in float32: overflows to inf for values above ~1.8e19"
    group = "precision"
    fixable = True
    triggers = ("*", "pow", "square", "dot", "inner")

    VALID: ClassVar[list[str]] = [
        # float64 operands cannot overflow.
        ("import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    return sum((g.double() * g.double()).sum() for g in grads)\n"),
        "import torch\ndef f(g: torch.Tensor):\n    return g.to(torch.float64).pow(2).sum()\n",
        ("import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    norms = [torch.linalg.vector_norm(g, dtype=torch.float64) for g in grads]\n"
        "    return (torch.stack(norms) ** 2).sum()\n"),
        # A norm alone is computed safely by torch.
        "import torch\ndef f(g: torch.Tensor):\n    return torch.linalg.vector_norm(g), g.norm()\n",
        # A dot product of two different tensors.
        "import torch\ndef f(a: torch.Tensor, b: torch.Tensor):\n    return (a * b).sum()\n",
        # Host numbers.
        "import torch\ndef f(floats: list[float]):\n    return sum(x ** 2 for x in floats)\n",
        # Mean squared error: a mean, not a norm.
        "import torch\ndef f(g: torch.Tensor):\n    return (g ** 2).mean()\n",
        # A loss: the operand is a difference.
        ("import torch\ndef f(pred: torch.Tensor, target: torch.Tensor):\n"
        "    return ((pred - target) ** 2).sum()\n"),
        # NumPy arrays.
        ("import numpy as np\nimport torch\ndef f(a: np.ndarray):\n"
        "    return np.sum(a ** 2), (a ** 2).sum()\n"),
        # Row-wise squared norms: a sum along a dimension.
        "import torch\ndef f(x: torch.Tensor):\n    return (x * x).sum(dim=-1)\n",
        # Whole tensors squared elementwise and added: per-element norms, not one norm.
        ("import torch\ndef f(e0: list[torch.Tensor]):\n"
        "    return torch.sqrt(sum(c * c for c in e0))\n"),
        ("import torch\ndef f(cs: list[torch.Tensor]):\n    total = torch.zeros(3)\n"
        "    for c in cs:\n        total += c ** 2\n    return total\n"),
        # A regularisation loss, after transformers' watermarking detector.
        ("import torch\ndef f(delta: torch.Tensor, w: float):\n"
        "    reg_loss = torch.sum(delta ** 2)\n    return reg_loss * w\n"),
        # An unknown value squared with `**`: not proven a tensor.
        "import torch\ndef f(g):\n    return (g ** 2).sum()\n",
        # Statistics of data, and integer counts: not norms (issue 22).
        ("import torch\ndef f(features: torch.Tensor):\n"
         "    return (features * features).sum() / features.numel()\n"),
        ("import torch\ndef f(preds: torch.Tensor, target: torch.Tensor, k: int):\n"
         "    counts = torch.bincount(target * k + preds).reshape(k, k)\n"
         "    return (counts ** 2).sum()\n"),
        "import torch\ndef f(g: torch.Tensor):\n    return g.long().pow(2).sum()\n",
    ]
    INVALID: ClassVar[list[str | Example]] = [
        # Seed B7-PT-01: `.float()` upcasts stop at float32.
        Example(
            "import torch\ndef compute_grad_norm_surrogate(module):\n"
            "    grads = [p.grad for p in module.parameters() if p.grad is not None]\n"
            "    total_sq = sum(\n        (g.float() * g.float()).sum() for g in grads\n    )\n"
            "    return float(total_sq.sqrt().item())\n",
            count=1,
        ),
        "import torch\ndef f(g: torch.Tensor):\n    return g.pow(2).sum()\n",
        "import torch\ndef f(g: torch.Tensor):\n    return torch.sum(g ** 2)\n",
        ("import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    norms = torch._foreach_norm(grads, ord=2)\n"
        "    return torch.stack(norms).pow(2).sum().sqrt()\n"),
        ("import torch\ndef f(model):\n"
        "    return sum(p.grad.norm() ** 2 for p in model.parameters())\n"),
        "import torch\ndef f(g):\n    return g.float().square().sum()\n",
        ("import torch\ndef f(norms: list[torch.Tensor]):\n    n = torch.stack(norms)\n"
        "    return (n ** 2).sum()\n"),
        ("import torch\ndef f(model):\n    total = 0.0\n    for p in model.parameters():\n"
        "        total += p.grad.data.norm(2) ** 2\n    return total ** 0.5\n"),
        "import torch\ndef f(g: torch.Tensor):\n    return torch.dot(g.view(-1), g.view(-1))\n",
        # Square-rooted: a norm whatever the tensor is called.
        "import torch\ndef f(x: torch.Tensor):\n    return (x * x).sum().sqrt()\n",
        ("import torch\ndef f(deltas: list[torch.Tensor]):\n    total = torch.zeros(())\n"
         "    for d in deltas:\n        total = total + (d ** 2).sum()\n"
         "    return total ** 0.5\n"),
    ]

    def __init__(self, context: Context, sink: Sink) -> None:
        super().__init__(context, sink)
        #: Summands already reported as part of a whole `sum(...)`.
        self._covered: set[int] = set()

    def visit_Call(self, node: cst.Call) -> None:
        if id(node) in self._covered:
            return
        match = match_squared_norm(node, self.ctx)
        if match is None:
            return
        if match.comprehension is not None:
            # The summand itself is a squared sum: report the whole `sum(...)` once.
            self._covered.add(id(match.comprehension.elt))
        if self._named_loss(node) or not is_norm_of_tensors(match, self.ctx):
            return
        self._report_with_fix(match)

    def _named_loss(self, node: cst.Call) -> bool:
        """`reg_loss = torch.sum(w ** 2)`: a regulariser, not a norm (a loss above 1e38 is
        broken whatever its dtype, and a float64 loss changes the backward pass)."""
        parent = self.ctx.parents[-1] if self.ctx.parents else None
        if not isinstance(parent, cst.Assign) or parent.value is not node:
            return False
        return any(isinstance(t.target, cst.Name) and "loss" in t.target.value.lower()
                   for t in parent.targets)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        match = match_accumulated_square(node, self.ctx)
        if match is not None:
            self._report_with_fix(match, node)

    def _report_with_fix(self, match: SquaredNorm, aug: cst.AugAssign | None = None) -> None:
        # Imported here: the fix module builds on this one's matching helpers.
        from synclint.fixes.float64 import float64_fix, unsafe_reason

        fix = float64_fix(match, self.ctx, aug)
        if isinstance(fix, str):
            self.report(match.node, MESSAGE, help=with_reason(REMEDY, fix))
        elif fix.applicability is Applicability.UNSAFE:
            self.report(match.node, MESSAGE, fix=fix,
                        help=with_reason(REMEDY, unsafe_reason(fix)))
        else:
            self.report(match.node, MESSAGE, fix=fix, help=with_reason(REMEDY))

