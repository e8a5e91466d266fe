"""SYN201 cat-then-reduce: `torch.cat([g.view(-1) for g in grads])` used only to reduce.

The detection is exposed as `match_cat_then_reduce` so that the chunked fix can reuse it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import libcst as cst

from synclint.analysis.kinds import HOST, TENSORS, Seq
from synclint.analysis.torch_api import (
    ELEMENTWISE_FUNCTIONS,
    ELEMENTWISE_METHODS,
    JOIN_FLATTENED_FUNCTIONS,
    METADATA_ATTRIBUTES,
    METADATA_METHODS,
    NORM_LIKE_REDUCTIONS,
    PASS_THROUGH_ATTRIBUTES,
    PASS_THROUGH_METHODS,
    REDUCTION_FUNCTIONS,
    REDUCTION_METHODS,
    STD_LIKE_REDUCTIONS,
)
from synclint.analysis.uses import binds, occurrences
from synclint.analysis.walker import Context
from synclint.diagnostics import Applicability
from synclint.fixes.matches import (
    CatThenReduce,
    FlattenedElements,
    MetadataUse,
    ReductionUse,
)
from synclint.rules.base import Example, PendingFix, Rule
from synclint.rules.wording import with_reason

#: How deep `a = f(flat); b = g(a)` chains of names are followed.
MAX_ALIAS_DEPTH = 3

MESSAGE = "`{join}` of flattened tensors is only reduced: an O(total elements) temporary"
REMEDY = "reduce each tensor and combine the results (peak O(largest tensor))"


_Uses = list[ReductionUse | MetadataUse]


def match_cat_then_reduce(call: cst.Call, ctx: Context) -> CatThenReduce | None:
    """The parts of a cat-then-reduce at `call` (being visited), or None when it is not one."""
    function = ctx.imports.qualify(call.func)
    if function not in JOIN_FLATTENED_FUNCTIONS or not call.args:
        return None
    if any(arg.keyword is not None and arg.keyword.value == "out" for arg in call.args):
        return None
    first = call.args[0]
    if first.star or (first.keyword is not None and first.keyword.value != "tensors"):
        return None
    scope = _scope(ctx)
    elements = flattened_elements(first.value, scope, ctx)
    if elements is None:
        return None
    finder = _UseFinder(ctx, scope)
    uses = finder.classify(call, tuple(ctx.parents), 0)
    if uses is None:
        return None
    reductions = tuple(u for u in uses if isinstance(u, ReductionUse))
    if not reductions:
        return None
    metadata = tuple(u for u in uses if isinstance(u, MetadataUse))
    return CatThenReduce(call, function, elements, tuple(finder.bindings), reductions, metadata)


# --- the elements ------------------------------------------------------------------------

def flattened_elements(container: cst.BaseExpression, scope: cst.CSTNode,
                       ctx: Context) -> FlattenedElements | None:
    """The flattened elements of a join's argument, or None when they are not all flattens."""
    inner = container
    if (isinstance(inner, cst.Call) and isinstance(inner.func, cst.Name)
            and inner.func.value in ("list", "tuple") and len(inner.args) == 1
            and not ctx.bound(inner.func.value)):
        inner = inner.args[0].value
    if isinstance(inner, (cst.ListComp, cst.GeneratorExp)):
        found = flatten_of(inner.elt, ctx)
        if found is None:
            return None
        return FlattenedElements(container, inner.elt, found, comprehension=inner,
                                 flattens=(inner.elt,))
    if isinstance(inner, (cst.List, cst.Tuple)):
        values = [e.value for e in inner.elements if not isinstance(e, cst.StarredElement)]
        if len(values) < 2 or len(values) != len(inner.elements):
            return None
        tensors = [flatten_of(v, ctx) for v in values]
        first = tensors[0]
        if first is None or any(t is None for t in tensors):
            return None
        return FlattenedElements(container, values[0], first, flattens=tuple(values))
    if isinstance(inner, cst.Name):
        return _named_elements(container, inner.value, scope, ctx)
    return None


def _named_elements(container: cst.BaseExpression, name: str, scope: cst.CSTNode,
                    ctx: Context) -> FlattenedElements | None:
    """A list named `name`: one comprehension of flattens, or `[]` filled by appends."""
    binding: cst.Assign | None = None
    appends: list[tuple[cst.Call, tuple[cst.CSTNode, ...]]] = []
    for node, ancestors in occurrences(scope, name):
        parent = ancestors[-1] if ancestors else None
        if binds(node, ancestors):
            if binding is not None or not isinstance(parent, cst.AssignTarget):
                return None
            assign = ancestors[-2] if len(ancestors) >= 2 else None
            if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                return None
            binding = assign
        elif isinstance(parent, cst.Attribute) and parent.value is node:
            method = parent.attr.value
            call = ancestors[-2] if len(ancestors) >= 2 else None
            if method == "append" and isinstance(call, cst.Call) and call.func is parent:
                appends.append((call, ancestors[:-2]))
            elif method in ("extend", "insert", "__setitem__", "__iadd__"):
                return None
        elif isinstance(parent, cst.Subscript) and _is_store(parent, ancestors[:-1]):
            return None  # `flats[i] = ...`: elements we cannot see
    if binding is None:
        return None
    value = binding.value
    if isinstance(value, (cst.ListComp, cst.GeneratorExp, cst.List, cst.Tuple)) and not appends:
        found = flattened_elements(value, scope, ctx)
        if found is None:
            return None
        return FlattenedElements(container, found.flatten, found.tensor, found.comprehension,
                                 binding, None, found.flattens)
    empty = (isinstance(value, cst.List) and not value.elements) or (
        isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
        and value.func.value == "list" and not value.args)
    if not empty or not appends:
        return None
    flattens: list[cst.BaseExpression] = []
    tensors: list[cst.BaseExpression] = []
    loops: list[cst.For] = []
    for call, ancestors in appends:
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        tensor = flatten_of(call.args[0].value, ctx)
        if tensor is None:
            return None
        tensors.append(tensor)
        flattens.append(call.args[0].value)
        loops.extend(a for a in reversed(ancestors) if isinstance(a, cst.For))
    loop = loops[0] if loops else None
    return FlattenedElements(container, flattens[0], tensors[0], None, binding, loop,
                             tuple(flattens))


def _is_store(subscript: cst.Subscript, ancestors: Sequence[cst.CSTNode]) -> bool:
    parent = ancestors[-1] if ancestors else None
    return (isinstance(parent, cst.AssignTarget) and parent.target is subscript) or (
        isinstance(parent, cst.AugAssign) and parent.target is subscript)


def flatten_of(expr: cst.BaseExpression, ctx: Context) -> cst.BaseExpression | None:
    """What `expr` flattens to one dimension (`g` of `g.detach().view(-1).float()`), or None."""
    expr = _peel(expr)
    if isinstance(expr, cst.Call):
        func = expr.func
        positional = [a for a in expr.args if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a.value for a in expr.args if a.keyword is not None}
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if (method in ("view", "reshape") and len(expr.args) == 1 and positional
                    and _is_minus_one_shape(positional[0].value)):
                return func.value
            if method == "ravel" and not expr.args:
                return func.value
            if method == "flatten" and _flattens_all(positional, keywords, 0):
                return func.value
        qualified = ctx.imports.qualify(func)
        if qualified in ("torch.flatten", "torch.ravel") and positional:
            if qualified == "torch.ravel" and len(expr.args) == 1:
                return positional[0].value
            if qualified == "torch.flatten" and _flattens_all(positional, keywords, 1):
                return positional[0].value
        if (qualified == "torch.reshape" and len(positional) == 2 and len(expr.args) == 2
                and _is_minus_one_shape(positional[1].value)):
            return positional[0].value
    return None


def _peel(expr: cst.BaseExpression) -> cst.BaseExpression:
    """Strip casts, `.detach()` and `.data` applied after the flatten."""
    while True:
        if (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute)
                and expr.func.attr.value in PASS_THROUGH_METHODS):
            expr = expr.func.value
        elif isinstance(expr, cst.Attribute) and expr.attr.value in PASS_THROUGH_ATTRIBUTES:
            expr = expr.value
        else:
            return expr


def _flattens_all(positional: Sequence[cst.Arg], keywords: dict[str, cst.BaseExpression],
                  skip: int) -> bool:
    """`flatten()` / `flatten(0)` / `flatten(start_dim=0)`: no `end_dim`, start at 0."""
    if "end_dim" in keywords or len(positional) > skip + 1:
        return False
    start: cst.BaseExpression | None = keywords.get("start_dim")
    if len(positional) == skip + 1:
        start = positional[skip].value
    return start is None or (isinstance(start, cst.Integer) and start.value == "0")


def _is_minus_one_shape(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, (cst.Tuple, cst.List)) and len(expr.elements) == 1:
        expr = expr.elements[0].value
    return (isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus)
            and isinstance(expr.expression, cst.Integer) and expr.expression.value == "1")


# --- the uses ----------------------------------------------------------------------------

def _scope(ctx: Context) -> cst.CSTNode:
    """The function (or module) whose names a binding at the current point belongs to."""
    if ctx.functions:
        return ctx.functions[-1]
    return ctx.parents[0]


class _UseFinder:
    """Follows a value upwards through elementwise steps until a full reduction."""

    def __init__(self, ctx: Context, scope: cst.CSTNode) -> None:
        self.ctx = ctx
        self.scope = scope
        self.bindings: list[cst.Assign | cst.AnnAssign] = []

    def classify(self, expr: cst.BaseExpression, ancestors: tuple[cst.CSTNode, ...],
                 depth: int, name: str | None = None) -> _Uses | None:
        """How the value `expr` is used: reductions and metadata reads, or None (used whole)."""
        current: cst.BaseExpression = expr
        chain: list[str] = []
        index = len(ancestors) - 1
        while index >= 0:
            parent = ancestors[index]
            grand = ancestors[index - 1] if index >= 1 else None
            if isinstance(parent, cst.Attribute) and parent.value is current:
                attr = parent.attr.value
                if isinstance(grand, cst.Call) and grand.func is parent:
                    step = self._method(attr, grand, name)
                    if step == "metadata":
                        return [MetadataUse(expr, attr, grand)]
                    if step == "reduction":
                        return [ReductionUse(expr, (*chain, attr), grand)]
                    if step != "elementwise":
                        return None
                    chain.append(attr)
                    current, index = grand, index - 2
                    continue
                if attr in METADATA_ATTRIBUTES:
                    return [MetadataUse(expr, attr, parent)]
                if attr != "data":
                    return None
                chain.append(attr)
                current, index = parent, index - 1
                continue
            if isinstance(parent, cst.Arg) and parent.value is current:
                if not isinstance(grand, cst.Call) or parent.keyword is not None or parent.star:
                    return None
                if not grand.args or grand.args[0] is not parent:
                    return None
                step, label = self._function(grand, name)
                if step == "metadata":
                    return [MetadataUse(expr, label, grand)]
                if step == "reduction":
                    return [ReductionUse(expr, (*chain, label), grand)]
                if step != "elementwise":
                    return None
                chain.append(label)
                current, index = grand, index - 2
                continue
            if isinstance(parent, cst.BinaryOperation):
                operator = self._binary(parent, current, name)
                if operator is None:
                    return None
                chain.append(operator)
                current, index = parent, index - 1
                continue
            if isinstance(parent, cst.Comparison):
                operator = self._comparison(parent, current, name)
                if operator is None:
                    return None
                chain.append(operator)
                current, index = parent, index - 1
                continue
            if isinstance(parent, cst.ComparisonTarget):
                # `0 == flat`: the comparison is the grandparent.
                if not isinstance(grand, cst.Comparison):
                    return None
                operator = self._comparison(grand, current, name)
                if operator is None:
                    return None
                chain.append(operator)
                current, index = grand, index - 2
                continue
            if isinstance(parent, cst.UnaryOperation):
                if isinstance(parent.operator, cst.Not):
                    return None
                chain.append(type(parent.operator).__name__.lower())
                current, index = parent, index - 1
                continue
            if isinstance(parent, (cst.Assign, cst.AnnAssign)) and parent.value is current:
                return self._through_name(parent, depth)
            return None
        return None

    def _through_name(self, assign: cst.Assign | cst.AnnAssign, depth: int) -> _Uses | None:
        """A value bound to a name: every read of the name must be a reduction or metadata."""
        if depth >= MAX_ALIAS_DEPTH:
            return None
        if isinstance(assign, cst.Assign):
            if len(assign.targets) != 1:
                return None
            target = assign.targets[0].target
        else:
            target = assign.target
        if not isinstance(target, cst.Name):
            return None
        self.bindings.append(assign)
        uses: _Uses = []
        bound = 0
        for node, ancestors in occurrences(self.scope, target.value):
            if binds(node, ancestors):
                bound += 1
                if node is not target:
                    return None
                continue
            if any(a is assign for a in ancestors):
                continue  # the name's previous value, read on the right-hand side
            if isinstance(ancestors[-1] if ancestors else None, cst.Del):
                continue
            found = self.classify(node, ancestors, depth + 1, target.value)
            if found is None:
                return None
            uses.extend(found)
        return uses if bound == 1 else None

    # -- single steps -------------------------------------------------------------------
    def _method(self, method: str, call: cst.Call, name: str | None) -> str:
        if method in METADATA_METHODS:
            return "metadata"
        if method in REDUCTION_METHODS:
            return "reduction" if self._full_reduction(method, call.args, 0) else "partial"
        if method in ELEMENTWISE_METHODS:
            if method in ("view", "reshape", "flatten") and not _keeps_one_dim(method, call):
                return "other"
            if all(self._host_argument(a.value, name) for a in call.args):
                return "elementwise"
        return "other"

    def _function(self, call: cst.Call, name: str | None) -> tuple[str, str]:
        func = call.func
        qualified = self.ctx.imports.qualify(func)
        if qualified is None:
            if isinstance(func, cst.Name) and not self.ctx.bound(func.value):
                if func.value == "len" and len(call.args) == 1:
                    return "metadata", "len"
                if func.value == "abs" and len(call.args) == 1:
                    return "elementwise", "abs"
            return "other", ""
        short = qualified.rsplit(".", 1)[-1]
        rest = call.args[1:]
        if qualified in REDUCTION_FUNCTIONS:
            if self._full_reduction(short, rest, 1):
                return "reduction", short
            return "other", short
        if qualified in ELEMENTWISE_FUNCTIONS and all(
                self._host_argument(a.value, name) for a in rest):
            return "elementwise", short
        if qualified == "torch.numel":
            return "metadata", "numel"
        return "other", short

    def _full_reduction(self, name: str, args: Sequence[cst.Arg], offset: int) -> bool:
        """No dimension given: `sum()`, `norm(2)`, `std(unbiased=False)`, `sum(dtype=...)`."""
        positional = [a for a in args if a.keyword is None]
        if any(a.star for a in args):
            return False
        for arg in args:
            if (arg.keyword is not None and arg.keyword.value in ("dim", "axis")
                    and not (isinstance(arg.value, cst.Name) and arg.value.value == "None")):
                return False
        if name in ("max", "min") and offset == 1 and positional:
            return False  # torch.max(a, b) is elementwise; torch.max(a, 0) is per row
        if not positional:
            return True
        if name in NORM_LIKE_REDUCTIONS:
            return len(positional) == 1 and _is_literal_number(positional[0].value)
        if name in STD_LIKE_REDUCTIONS:
            return len(positional) == 1 and isinstance(positional[0].value, cst.Name) and (
                positional[0].value.value in ("True", "False"))
        return False

    def _binary(self, node: cst.BinaryOperation, current: cst.BaseExpression,
                name: str | None) -> str | None:
        other = node.right if node.left is current else node.left
        operator = node.operator
        if isinstance(operator, cst.Power):
            if node.left is current and self._host_argument(other, name):
                return "**"
            return None
        if (isinstance(operator, (cst.Multiply, cst.BitAnd, cst.BitOr, cst.BitXor))
                and name is not None and self._elementwise_of(other, name)):
            # `flat * flat`, `isnan(flat) | isinf(flat)`: still one tensor's elements.
            return type(operator).__name__.lower()
        if isinstance(operator, (cst.Divide, cst.FloorDivide)) and node.left is current:
            if self._host_argument(other, name):
                return "/"
            return None
        if (isinstance(operator, (cst.Add, cst.Subtract, cst.Multiply, cst.Divide))
                and _is_scalar(other, self.ctx)):
            return type(operator).__name__.lower()
        return None

    def _comparison(self, node: cst.Comparison, current: cst.BaseExpression,
                    name: str | None) -> str | None:
        if len(node.comparisons) != 1:
            return None
        target = node.comparisons[0]
        if not isinstance(target.operator, (cst.Equal, cst.NotEqual, cst.LessThan,
                                            cst.LessThanEqual, cst.GreaterThan,
                                            cst.GreaterThanEqual)):
            return None
        other = target.comparator if node.left is current else node.left
        if self._host_argument(other, name) or (
                name is not None and self._elementwise_of(other, name)):
            return type(target.operator).__name__.lower()
        return None

    def _host_argument(self, expr: cst.BaseExpression, name: str | None) -> bool:
        """A threshold, exponent, dtype or device: anything not shown to be a tensor."""
        if _is_scalar(expr, self.ctx):
            return True
        if isinstance(expr, cst.Name):
            bound = self.ctx.kind(expr)
            return expr.value != name and bound not in TENSORS and not isinstance(bound, Seq)
        if isinstance(expr, cst.Attribute):
            # `self.eps`, `cfg.threshold`, `x.dtype`; but not `p.grad` or `flat.data`.
            if expr.attr.value in PASS_THROUGH_ATTRIBUTES:
                return False
            return self._host_argument(expr.value, name)
        if isinstance(expr, cst.BinaryOperation):
            return self._host_argument(expr.left, name) and self._host_argument(expr.right, name)
        if isinstance(expr, cst.UnaryOperation):
            return self._host_argument(expr.expression, name)
        return False

    def _elementwise_of(self, expr: cst.BaseExpression, name: str) -> bool:
        """`expr` is an elementwise function of the name alone (`flat` in `flat * flat`)."""
        if isinstance(expr, cst.Name):
            return expr.value == name
        if isinstance(expr, cst.Call):
            func = expr.func
            qualified = self.ctx.imports.qualify(func)
            if qualified is not None:
                return qualified in ELEMENTWISE_FUNCTIONS and bool(expr.args) and (
                    self._elementwise_of(expr.args[0].value, name)) and all(
                    self._host_argument(a.value, name) for a in expr.args[1:])
            if isinstance(func, cst.Attribute) and func.attr.value in ELEMENTWISE_METHODS:
                return self._elementwise_of(func.value, name) and all(
                    self._host_argument(a.value, name) for a in expr.args)
            return False
        if isinstance(expr, cst.UnaryOperation) and not isinstance(expr.operator, cst.Not):
            return self._elementwise_of(expr.expression, name)
        if isinstance(expr, cst.BinaryOperation):
            left, right = expr.left, expr.right
            return (self._elementwise_of(left, name) or self._host_argument(left, name)) and (
                self._elementwise_of(right, name) or self._host_argument(right, name)) and (
                self._elementwise_of(left, name) or self._elementwise_of(right, name))
        if isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1:
            comparator = expr.comparisons[0].comparator
            return self._elementwise_of(expr.left, name) and self._host_argument(
                comparator, name) or self._elementwise_of(comparator, name) and (
                self._host_argument(expr.left, name))
        return False


def _keeps_one_dim(method: str, call: cst.Call) -> bool:
    """A reshape to one dimension: later reductions of it are still full reductions."""
    if method == "flatten":
        return not call.args
    return len(call.args) == 1 and _is_minus_one_shape(call.args[0].value)


def _is_literal_number(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    return isinstance(expr, (cst.Integer, cst.Float))


def _is_scalar(expr: cst.BaseExpression, ctx: Context) -> bool:
    """A value known to be a host scalar, dtype or device, decided without inference."""
    if _is_literal_number(expr) or isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
        return True
    qualified = ctx.imports.qualify(expr)
    if qualified is not None:
        # torch.float64, torch.inf, math.pi: dtypes and constants, not tensors.
        last = qualified.rsplit(".", 1)[-1]
        return qualified.startswith(("math.", "torch.", "numpy.")) and last[:1].islower()
    if isinstance(expr, cst.Name):
        return expr.value in ("True", "False", "None") or ctx.kind(expr) is HOST
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name):
        name = expr.func.value
        return name in ("float", "int", "len") and not ctx.bound(name)
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        return expr.func.attr.value in ("item", "numel", "nelement") and not expr.args
    return False


class CatThenReduceRule(Rule):
    code = "SYN201"
    name = "cat-then-reduce"
    summary = ("A concatenation of flattened tensors that is only reduced: an O(total) "
               "temporary where per-tensor reductions would do")
    group = "memory"
    fixable = True
    triggers = ("cat", "stack")

    VALID: ClassVar[list[str]] = [
        # Used whole: returned.
        ("import torch\ndef flat_grads(grads: list[torch.Tensor]) -> torch.Tensor:\n"
        "    return torch.cat([g.view(-1) for g in grads])\n"),
        # Indexed after a reduction-looking step.
        ("import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    flat = torch.cat([g.view(-1) for g in grads])\n"
        "    top = flat[flat.abs() > 1.0]\n    return top.sum()\n"),
        # A partial reduction along a dimension keeps O(total) values.
        ("import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    return torch.stack([g.flatten() for g in grads]).sum(dim=0)\n"),
        # Median and quantiles do not combine across tensors.
        ("import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    flat = torch.cat([g.reshape(-1) for g in grads])\n"
        "    return flat.median(), flat.norm()\n"),
        # Not flattened: a concatenation of real tensors along a dimension.
        ("import torch\ndef f(xs: list[torch.Tensor]):\n"
        "    return torch.cat([x for x in xs], dim=1).sum()\n"),
        # Combined elementwise with another tensor.
        ("import torch\ndef f(grads: list[torch.Tensor], w: torch.Tensor):\n"
        "    flat = torch.cat([g.view(-1) for g in grads])\n    return (flat * w).sum()\n"),
        # Stored on self.
        ("import torch\nclass C:\n    def f(self, grads):\n"
        "        self.flat = torch.cat([g.view(-1) for g in grads])\n"
        "        return self.flat.sum()\n"),
        # Passed to another function.
        ("import torch\ndef f(grads, log):\n    flat = torch.cat([g.view(-1) for g in grads])\n"
        "    log(flat)\n    return flat.sum()\n"),
        # Sorted / topk.
        ("import torch\ndef f(grads):\n    flat = torch.cat([g.view(-1) for g in grads])\n"
        "    return flat.topk(10).values.sum()\n"),
        # `view(2, -1)` keeps dimensions: not a flatten.
        "import torch\ndef f(grads):\n    return torch.cat([g.view(2, -1) for g in grads]).sum()\n",
    ]
    INVALID: ClassVar[list[str | Example]] = [
        ("import torch\ndef f(grads: list[torch.Tensor]):\n"
        "    return torch.cat([g.view(-1) for g in grads]).sum()\n"),
        ("import torch\ndef f(grads):\n"
        "    return torch.isnan(torch.cat([g.flatten() for g in grads])).any()\n"),
        ("import torch\ndef stats(grads):\n"
        "    all_grads_flat = torch.cat([g.view(-1) for g in grads])\n"
        "    nan = torch.isnan(all_grads_flat).sum().item()\n"
        "    zero = (all_grads_flat == 0).float().mean().item()\n"
        "    return nan, zero, all_grads_flat.norm().item(), all_grads_flat.numel()\n"),
        ("import torch\ndef f(model):\n    flats = []\n    for p in model.parameters():\n"
        "        flats.append(p.grad.detach().reshape(-1))\n"
        "    flat = torch.cat(flats)\n    return flat.abs().max()\n"),
        ("import torch as T\ndef f(ps):\n"
        "    return T.linalg.vector_norm(T.cat([p.grad.data.ravel() for p in ps]))\n"),
        ("from torch import cat, flatten\ndef f(grads):\n"
        "    return cat(tuple(flatten(g) for g in grads)).pow(2).sum().sqrt()\n"),
        ("import torch\ndef f(grads):\n"
        "    flat = torch.stack([g.float().view(-1) for g in grads])\n"
        "    bad = torch.isnan(flat) | torch.isinf(flat)\n    return bad.sum() / flat.numel()\n"),
        ("import torch\ndef f(a, b):\n"
        "    return float(torch.cat([a.view(-1), b.view(-1)]).norm(2))\n"),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        match = match_cat_then_reduce(node, self.ctx)
        if match is None:
            return
        # Imported here: the fix module builds on this one's matching helpers.
        from synclint.fixes.chunked import chunked_fix

        join = match.function.rsplit(".", 1)[-1]
        message = MESSAGE.format(join=f"torch.{join}")
        fix = chunked_fix(match, self.ctx)
        if isinstance(fix, str):
            self.report(node, message, help=with_reason(REMEDY, fix))
        elif fix.applicability is Applicability.UNSAFE:
            self.report(node, message, fix=fix, help=with_reason(REMEDY, unsafe_reason(fix)))
        else:
            self.report(node, message, fix=fix, help=with_reason(REMEDY))


_UNSAFE = " (unsafe: "


def unsafe_reason(fix: PendingFix) -> str:
    """Why the chunked fix is unsafe, read from its message `... (unsafe: A; B)`, each
    shared lead-in ("the pieces' dtype is not known: ") said once, and the reasons' own
    parentheses kept whole."""
    message = fix.message
    start = message.find(_UNSAFE)
    if start < 0 or not message.endswith(")"):
        return message
    reasons = message[start + len(_UNSAFE):-1].split("; ")
    merged: list[tuple[str, list[str]]] = []
    for reason in reasons:
        lead, colon, rest = reason.partition(": ")
        if colon and merged and merged[-1][0] == lead:
            merged[-1][1].append(rest)
        elif colon:
            merged.append((lead, [rest]))
        else:
            merged.append(("", [reason]))
    return "; ".join(f"{lead}: {'; '.join(parts)}" if lead else parts[0]
                     for lead, parts in merged)
