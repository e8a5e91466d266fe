"""The chunked fix of SYN201: reductions of a concatenation of flattened tensors rewritten as
the same reductions per tensor, combined exactly (counts and sums add, extrema fold, means
divide by the total numel, norms combine in float64).

`flat = torch.cat([g.view(-1) for g in grads])` becomes `flat_parts = [g.view(-1) for g in
grads]` (views: no copy) and each `R(flat)` becomes `torch.stack([R(t) for t in
flat_parts]).combine()`, so the peak temporary is one tensor's, not all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import libcst as cst

from synclint.analysis.uses import binds, occurrences
from synclint.analysis.walker import Context, iter_children
from synclint.diagnostics import Applicability
from synclint.fixes.dtypes import (
    DTYPE_NAMES,
    arithmetic_on_unknown_dtype,
    is_real_float,
    known_dtype,
    mentions_mps,
)
from synclint.fixes.float64 import MPS_REASON, FixOrReason, code_of, consumed_on_host
from synclint.fixes.matches import CatThenReduce, MetadataUse, ReductionUse
from synclint.fixes.pending import PendingFix, Replacement

__all__ = ["chunked_fix"]

FIX_MESSAGE = "Reduce each tensor on its own and combine the results"
#: Per-tensor partial reduction, and how the stacked partials combine.
SUMS = {"sum": "sum", "nansum": "sum", "prod": "prod", "count_nonzero": "sum"}
FOLDS = {"min": "min", "max": "max", "amin": "min", "amax": "max", "any": "any", "all": "all"}
NORMS = frozenset({"norm", "vector_norm"})
#: Keyword arguments a partial reduction may keep (they do not change which elements count).
KEPT_KEYWORDS = frozenset({"dtype"})
#: Steps that keep the number of elements (casts, flattens, copies).
SAME_SIZE_METHODS = frozenset({"float", "double", "half", "bfloat16", "view", "reshape",
                               "flatten", "ravel", "detach", "contiguous", "clone"})
#: Names tried, in order, for the per-tensor variable of the generated comprehensions.
ELEMENT_NAMES = ("t", "part", "piece", "chunk", "t_")
#: Nodes below which code runs conditionally (or not at all) relative to its statement.
CONDITIONAL = (cst.If, cst.For, cst.While, cst.Try, cst.With, cst.IfExp, cst.BooleanOperation,
               cst.Lambda, cst.FunctionDef, cst.ClassDef, cst.ListComp, cst.SetComp,
               cst.DictComp, cst.GeneratorExp, cst.Match)

_INF_NAMES = frozenset({"math.inf", "torch.inf", "numpy.inf"})
#: Dtypes whose per-piece sums are those of the joined tensor (exact, or float32 / float64
#: added in another order): not float16 / bfloat16, which torch sums in float32.
SUMMABLE = frozenset({"torch.bool", "torch.int32", "torch.int64", "torch.float32",
                      "torch.float64"})
SUM_REASON = ("the pieces' dtype is not known: `torch.cat` promotes float16 or mixed pieces "
              "to one dtype and sums in float32, a float16 piece's own sum rounds and "
              "can overflow")
ARITHMETIC_REASON = ("the pieces' dtype is not known: arithmetic runs in each piece's dtype, "
                     "not the one `torch.cat` promoted to (`abs` of a bool piece raises)")
NORM_REASON = ("the pieces' dtype is not known: `vector_norm` raises for an integer or "
               "complex piece that `torch.cat` promoted or normed")


@dataclass(frozen=True)
class _Iteration:
    """How the generated comprehensions walk the pieces: `[P<tail><close>]` with `element`
    standing for one flattened piece inside P."""

    #: The `for` clauses, with their leading whitespace (" for t in parts").
    tail: str
    element: cst.BaseExpression
    #: The number of elements of all pieces together (a Python int).
    numel: str
    #: Whether iterating twice (a mean needs the numel too) sees the same pieces.
    reiterable: bool
    #: The whitespace (and comments) before the closing bracket.
    close: str = ""


def chunked_fix(match: CatThenReduce, ctx: Context) -> FixOrReason:
    """The fix of a cat-then-reduce found while visiting `match.call`, or why none is offered."""
    scope = _scope(ctx)
    parents = _ParentMap(scope)
    bound = match.bindings[0] if match.bindings else None
    if len(match.bindings) > 1:
        # One name per intermediate, in order (a name may be bound by several steps).
        names = ", ".join(dict.fromkeys(f"`{_target_name(b)}`" for b in match.bindings[1:]))
        return f"the intermediate {names} would have to be inlined into every reduction"
    if bound is not None and bound.value is not match.call:
        return "the joined tensor is bound through another expression"
    unsafe: list[str] = []
    if match.function == "torch.stack":
        unsafe.append(f"`{match.function}` raises for tensors of different sizes; "
                      "the per-tensor reductions do not")
    all_uses: list[ReductionUse | MetadataUse] = [*match.reductions, *match.metadata]
    uses: list[ReductionUse | MetadataUse] = []
    seen: set[int] = set()
    for use in all_uses:
        if id(use.node) not in seen:
            seen.add(id(use.node))
            uses.append(use)
    nodes = [use.node for use in uses]
    for node in nodes:
        if any(other is not node and _contains(other, node) for other in nodes):
            return "one reduction of the joined tensor is nested in another"
    element_name = _fresh_element(scope, nodes)
    # What the joined tensor's dtype is known to be, where a reduction's chain reaches it.
    piece = _pieces_dtype(match, ctx)
    leaves = {id(use.use): piece for use in all_uses}
    if mentions_mps(ctx) and any(isinstance(u, ReductionUse) and u.chain[-1:] and
                                 u.chain[-1] in NORMS for u in uses):
        unsafe.append(MPS_REASON)
    parts = ""
    if bound is None:
        iteration = _direct_iteration(match, element_name, ctx)
        replace_uses: dict[int, cst.BaseExpression] = {id(match.call): iteration.element}
    else:
        name = _target_name(bound)
        parts = _fresh_name(scope, f"{name}_parts")
        iteration = _Iteration(f" for {element_name} in {parts}", cst.Name(element_name),
                               f"sum({element_name}.numel() for {element_name} in {parts})",
                               True)
        # Every occurrence, also the second `flat` of `(flat * flat).sum()`.
        replace_uses = {id(use.use): cst.Name(element_name) for use in all_uses}
        if not _unconditional(bound, uses, parents):
            unsafe.append("a reduction runs conditionally: on an empty list the join raised "
                          "where the reductions may not run at all")
    replacements: list[Replacement] = []
    if bound is not None:
        replacements.append(Replacement(bound, f"{parts} = {_pieces(match, ctx.parents)}"))
    for use in uses:
        if isinstance(use, MetadataUse):
            code = _metadata(use, match, iteration, parts)
            if code is None:
                return f"`{use.what}` of the joined tensor has no per-tensor equivalent"
            replacements.append(Replacement(use.node, code))
            continue
        place = _place(ctx, scope, parents, use.node)
        rewritten = _reduction(use, iteration, replace_uses, ctx, _join_kind(match), place,
                               leaves)
        if isinstance(rewritten, str):
            return rewritten
        code, mean, is_norm, reason = rewritten
        if reason is not None and reason not in unsafe:
            unsafe.append(reason)
        receiver = _receiver(use.node, ctx)
        if (receiver is not None and arithmetic_on_unknown_dtype(receiver, ctx, leaves)
                and ARITHMETIC_REASON not in unsafe):
            unsafe.append(ARITHMETIC_REASON)
        if mean and not iteration.reiterable:
            unsafe.append("a mean walks the pieces twice (sum, then numel): a one-shot "
                          "iterator would be empty the second time")
        if is_norm and not consumed_on_host(use.node, parents.ancestors(use.node), ctx):
            unsafe.append("the norm becomes a float64 tensor where it was "
                          "the joined tensor's dtype")
        if mean:
            code = _wrap(code, use.node, parents.parent(use.node))
        replacements.append(Replacement(use.node, code))
    applicability = Applicability.UNSAFE if unsafe else Applicability.SAFE
    message = FIX_MESSAGE if not unsafe else f"{FIX_MESSAGE} (unsafe: {'; '.join(unsafe)})"
    return PendingFix(applicability, message, tuple(replacements), ("torch",))


# --- how to walk the pieces ------------------------------------------------------------------

def _pieces(match: CatThenReduce, ancestors: Sequence[cst.CSTNode]) -> str:
    """The code of a list (or tuple) of the flattened pieces: the join's own argument."""
    container = match.elements.container
    if isinstance(container, cst.GeneratorExp):
        container = cst.ListComp(elt=container.elt, for_in=container.for_in)
    elif isinstance(container, (cst.ListComp, cst.List, cst.Tuple)):
        container = container.with_changes(lpar=[], rpar=[])
    return code_of(container, ancestors)


def _direct_iteration(match: CatThenReduce, element_name: str, ctx: Context) -> _Iteration:
    """`torch.cat([g.view(-1) for g in grads]).sum()`: reduce inside the same comprehension."""
    elements = match.elements
    container = elements.container
    comprehension = elements.comprehension
    if comprehension is not None and (
            comprehension is container or isinstance(container, cst.Call)):
        for_in = comprehension.for_in
        # The clauses keep their whitespace: a comment after the element stays in place.
        tail = code_of(for_in, ctx.parents)
        plain = code_of(for_in.with_changes(whitespace_before=cst.SimpleWhitespace(" ")),
                        ctx.parents)
        close = comprehension.rbracket.whitespace_before if isinstance(
            comprehension, cst.ListComp) else comprehension.rpar[0].whitespace_before if (
            comprehension.rpar) else cst.SimpleWhitespace("")
        elt = _atom(comprehension.elt)
        reiterable = _reiterable(for_in.iter, ctx) and for_in.inner_for_in is None
        elt_code = code_of(_atom(_same_size_source(comprehension.elt)), ctx.parents)
        return _Iteration(tail, elt, f"sum({elt_code}.numel(){plain})", reiterable,
                          code_of(close, ctx.parents))
    pieces = code_of(container, ctx.parents)
    reiterable = isinstance(container, (cst.List, cst.Tuple)) or _reiterable(container, ctx)
    return _Iteration(f" for {element_name} in {pieces}", cst.Name(element_name),
                      f"sum({element_name}.numel() for {element_name} in {pieces})", reiterable)


def _same_size_source(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`g` of `g.float().view(-1)`: counting its elements needs no cast copy."""
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and (
            expr.func.attr.value in SAME_SIZE_METHODS):
        expr = expr.func.value
    return expr


def _reiterable(iterable: cst.BaseExpression, ctx: Context) -> bool:
    """A literal, or a name bound only to lists / list comprehensions / `list(...)`: walking
    it twice sees the same elements (a parameter could be a one-shot iterator)."""
    if isinstance(iterable, (cst.List, cst.Tuple)):
        return True
    if not isinstance(iterable, cst.Name):
        return False
    scope = ctx.functions[-1] if ctx.functions else None
    if scope is None:
        return False
    found = False
    if isinstance(scope, cst.FunctionDef):
        for param in _all_params(scope.params):
            if param.name.value == iterable.value:
                if not _sequence_annotation(param.annotation):
                    return False
                found = True
    for node, ancestors in occurrences(scope, iterable.value):
        if not binds(node, ancestors):
            continue
        parent = ancestors[-1] if ancestors else None
        grand = ancestors[-2] if len(ancestors) >= 2 else None
        if isinstance(parent, cst.Param):
            if not _sequence_annotation(parent.annotation):
                return False
        elif isinstance(parent, cst.AssignTarget) and isinstance(grand, cst.Assign):
            if not _is_list_value(grand.value):
                return False
        else:
            return False
        found = True
    return found


def _all_params(params: cst.Parameters) -> list[cst.Param]:
    star = [params.star_arg] if isinstance(params.star_arg, cst.Param) else []
    return [*params.posonly_params, *params.params, *star, *params.kwonly_params]


def _sequence_annotation(annotation: cst.Annotation | None) -> bool:
    if annotation is None:
        return False
    text = code_of(annotation.annotation)
    return text.startswith(("list[", "List[", "tuple[", "Tuple[", "Sequence[", "typing.List[",
                            "typing.Sequence[", "collections.abc.Sequence["))


def _is_list_value(value: cst.BaseExpression) -> bool:
    if isinstance(value, (cst.List, cst.ListComp, cst.Tuple)):
        return True
    return (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
            and value.func.value in ("list", "tuple"))


# --- the rewrites ----------------------------------------------------------------------------

def _receiver(node: cst.BaseExpression, ctx: Context) -> cst.BaseExpression | None:
    """What a reduction call reduces: `x` of `x.sum()` or `torch.sum(x)`."""
    if not isinstance(node, cst.Call):
        return None
    if ctx.imports.qualify(node.func) is not None:
        return node.args[0].value if node.args else None
    return node.func.value if isinstance(node.func, cst.Attribute) else None


def _pieces_dtype(match: CatThenReduce, ctx: Context) -> str | None:
    """The dtype every flattened piece is known to have, or None."""
    flattens = match.elements.flattens or (match.elements.flatten,)
    dtypes = {known_dtype(flatten, ctx) for flatten in flattens}
    return dtypes.pop() if len(dtypes) == 1 else None


def _reduction(use: ReductionUse, iteration: _Iteration, replace: dict[int, cst.BaseExpression],
               ctx: Context, join: str, place: Sequence[cst.CSTNode],
               leaves: dict[int, str | None]) -> tuple[str, bool, bool, str | None] | str:
    """(combined code, is a mean, is a norm, why it is unsafe or None) for one reduction, or
    why it has none."""
    node = use.node
    if not isinstance(node, cst.Call):
        return "the reduction is not a call"
    func = node.func
    qualified = ctx.imports.qualify(func)
    if qualified is not None:
        name = qualified.rsplit(".", 1)[-1]
        if qualified == "torch.linalg.norm":
            name = "vector_norm"
        if not node.args or node.args[0].keyword is not None:
            return "the reduction's tensor is not its first argument"
        receiver, args = node.args[0].value, list(node.args[1:])
    elif isinstance(func, cst.Attribute):
        name, receiver, args = func.attr.value, func.value, list(node.args)
    else:
        return "the reduction is not a call"
    x = code_of(_atom(_substitute(receiver, replace)), place)
    dtype = known_dtype(receiver, ctx, leaves)
    element = code_of(iteration.element)
    nonempty = f" if {element}.numel()"
    if name in NORMS:
        order = _norm_order(args, ctx)
        if order is None:
            return f"`{name}` with these arguments has no per-tensor combination"
        ord_arg = "" if order == "2" else f", {order}"
        per = f"torch.linalg.vector_norm({x}{ord_arg}, dtype=torch.float64)"
        reason = None if is_real_float(dtype) else NORM_REASON
        if order == "0":
            return f"{_joined(per, iteration, '', join)}.sum()", False, True, reason
        # The infinity norm of an empty piece is an error; `torch.cat` skipped such pieces.
        guard = nonempty if "inf" in order else ""
        combined = f"torch.linalg.vector_norm({_joined(per, iteration, guard, join)}{ord_arg})"
        return combined, False, True, reason
    kept = _kept_arguments(args)
    if kept is None:
        return f"`{name}` with these arguments has no per-tensor combination"
    # `.sum(dtype=torch.float64)` sums every piece in that dtype, as it summed the join.
    accumulated = next((DTYPE_NAMES.get(ctx.imports.qualify(a.value) or "") for a in args
                        if a.keyword is not None and a.keyword.value == "dtype"), None)
    summable = (accumulated or dtype) in SUMMABLE or name == "count_nonzero"
    if name in SUMS:
        partial = f"{x}.{name}({kept})"
        return (f"{_joined(partial, iteration, '', join)}.{SUMS[name]}()", False, False,
                None if summable else SUM_REASON)
    if name in FOLDS:
        if kept:
            return f"`{name}` with these arguments has no per-tensor combination"
        # Empty pieces have no minimum; in the joined tensor they added no element.
        guard = nonempty if FOLDS[name] in ("min", "max") else ""
        partial = f"{x}.{name}()"
        return (f"{_joined(partial, iteration, guard, join)}.{FOLDS[name]}()", False, False,
                None)
    if name == "mean":
        if not summable:
            return ("the pieces' dtype is not known: a float16 piece's sum would overflow "
                    "where `torch.cat(...).mean()` accumulates in float32")
        total = f"{_joined(f'{x}.sum({kept})', iteration, '', join)}.sum()"
        return f"{total} / {iteration.numel}", True, False, None
    return f"`{name}` does not combine exactly across tensors"


def _joined(partial: str, iteration: _Iteration, guard: str, join: str) -> str:
    """The per-piece results in one tensor, joined the way the original joined the pieces:
    on an empty list `torch.cat` raises ValueError and `torch.stack` RuntimeError, as before."""
    if join == "torch.cat":
        return f"torch.cat([{partial}.reshape(1){iteration.tail}{guard}{iteration.close}])"
    return f"torch.stack([{partial}{iteration.tail}{guard}{iteration.close}])"


def _norm_order(args: Sequence[cst.Arg], ctx: Context) -> str | None:
    """The order of a full vector norm as code ("2", "1", "float('inf')" ...), or None."""
    if not args:
        return "2"
    if len(args) > 1 or args[0].star:
        return None
    arg = args[0]
    if arg.keyword is not None and arg.keyword.value not in ("p", "ord"):
        return None
    value = arg.value
    if isinstance(value, (cst.Integer, cst.Float)):
        number = float(value.value)
        if number < 0:
            return None
        return "2" if number == 2 else code_of(value)
    if ctx.imports.qualify(value) in _INF_NAMES:
        return "float('inf')"
    if (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
            and value.func.value == "float" and len(value.args) == 1
            and isinstance(value.args[0].value, cst.SimpleString)
            and value.args[0].value.evaluated_value in ("inf", "Inf")):
        return "float('inf')"
    return None


def _kept_arguments(args: Sequence[cst.Arg]) -> str | None:
    """The code of a reduction's arguments, when all are keywords that keep it full."""
    kept: list[str] = []
    for arg in args:
        if arg.keyword is None or arg.star or arg.keyword.value not in KEPT_KEYWORDS:
            return None
        kept.append(f"{arg.keyword.value}={code_of(arg.value)}")
    return ", ".join(kept)


def _metadata(use: MetadataUse, match: CatThenReduce, iteration: _Iteration,
              parts: str) -> str | None:
    if use.what in ("numel", "nelement"):
        return iteration.numel
    if use.what == "len":
        if match.function != "torch.stack":
            return iteration.numel  # a 1-d concatenation: its length is its numel
        return f"len({parts})" if parts else None
    return None


def _join_kind(match: CatThenReduce) -> str:
    # `torch.concat` and `torch.concatenate` raise ValueError on an empty list as `torch.cat`
    # does; `torch.hstack` raises RuntimeError, as `torch.stack` does.
    return "torch.cat" if match.function in ("torch.cat", "torch.concat",
                                              "torch.concatenate") else "torch.stack"


# --- helpers ---------------------------------------------------------------------------------

class _Substitute(cst.CSTTransformer):
    def __init__(self, replace: dict[int, cst.BaseExpression]) -> None:
        super().__init__()
        self._replace = replace

    def on_leave(  # type: ignore[override]  # libcst's signature is generic in the node type
        self, original_node: cst.CSTNode, updated_node: cst.CSTNode
    ) -> cst.CSTNode:
        replacement = self._replace.get(id(original_node))
        if replacement is None:
            return updated_node
        lpar = getattr(original_node, "lpar", [])
        if lpar and isinstance(replacement, (cst.Name, cst.Call, cst.Attribute)):
            return replacement.with_changes(lpar=lpar, rpar=getattr(original_node, "rpar", []))
        return replacement


def _substitute(expr: cst.BaseExpression,
                replace: dict[int, cst.BaseExpression]) -> cst.BaseExpression:
    if id(expr) in replace:
        return replace[id(expr)]
    result = expr.visit(_Substitute(replace))
    assert isinstance(result, cst.BaseExpression)
    return result


_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.List, cst.Tuple,
          cst.ListComp, cst.Integer, cst.Float, cst.SimpleString)


def _atom(expr: cst.BaseExpression) -> cst.BaseExpression:
    """`expr`, parenthesised unless it already reads as one operand of `.method()`."""
    if expr.lpar or isinstance(expr, _ATOMS):
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _wrap(code: str, node: cst.CSTNode, parent: cst.CSTNode | None) -> str:
    """Parenthesise a division where a tighter-binding neighbour would split it (the node's
    own parentheses stay in the text around the replacement)."""
    if getattr(node, "lpar", None):
        return code
    loose = (cst.Assign, cst.AnnAssign, cst.Return, cst.Arg, cst.Element, cst.DictElement,
             cst.Expr, cst.AugAssign, cst.IndentedBlock, cst.SimpleStatementLine)
    if parent is None or isinstance(parent, loose):
        return code
    return f"({code})"


def _contains(outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
    stack = list(iter_children(outer))
    while stack:
        node = stack.pop()
        if node is inner:
            return True
        stack.extend(iter_children(node))
    return False


def _scope(ctx: Context) -> cst.CSTNode:
    return ctx.functions[-1] if ctx.functions else ctx.parents[0]


def _target_name(binding: cst.Assign | cst.AnnAssign) -> str:
    target = binding.targets[0].target if isinstance(binding, cst.Assign) else binding.target
    return target.value if isinstance(target, cst.Name) else code_of(target)


def _names_in(scope: cst.CSTNode) -> set[str]:
    names: set[str] = set()
    stack: list[cst.CSTNode] = [scope]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            names.add(node.value)
        stack.extend(iter_children(node))
    return names


def _fresh_name(scope: cst.CSTNode, wanted: str) -> str:
    taken = _names_in(scope)
    if wanted not in taken:
        return wanted
    index = 2
    while f"{wanted}{index}" in taken:
        index += 1
    return f"{wanted}{index}"


def _fresh_element(scope: cst.CSTNode, nodes: Iterable[cst.CSTNode]) -> str:
    """A comprehension variable that hides no name the rewritten reductions read."""
    taken = set().union(*(_names_in(node) for node in nodes)) | _names_in(scope)
    for name in ELEMENT_NAMES:
        if name not in taken:
            return name
    return _fresh_name(scope, "t_")


class _ParentMap:
    """Parents of the nodes of one function, computed once per fix."""

    def __init__(self, scope: cst.CSTNode) -> None:
        self._parents: dict[int, cst.CSTNode] = {}
        stack: list[cst.CSTNode] = [scope]
        while stack:
            node = stack.pop()
            for child in iter_children(node):
                self._parents[id(child)] = node
                stack.append(child)

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self._parents.get(id(node))

    def ancestors(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        """Outermost first, as `Context.parents`."""
        found: list[cst.CSTNode] = []
        current = self.parent(node)
        while current is not None:
            found.append(current)
            current = self.parent(current)
        found.reverse()
        return found


def _place(ctx: Context, scope: cst.CSTNode, parents: _ParentMap,
           node: cst.CSTNode) -> list[cst.CSTNode]:
    """The ancestors of `node` (in the scope being fixed), outermost first."""
    outer = next((i for i, a in enumerate(ctx.parents) if a is scope), len(ctx.parents))
    return [*ctx.parents[:outer], *parents.ancestors(node)]


def _unconditional(bound: cst.Assign | cst.AnnAssign,
                   uses: Sequence[ReductionUse | MetadataUse], parents: _ParentMap) -> bool:
    """Every use runs whenever the binding does: its statement is a sibling of the binding's
    statement, reached through no branch, loop, short circuit or nested function."""
    statement = parents.parent(bound)
    block = parents.parent(statement) if statement is not None else None
    for use in uses:
        current: cst.CSTNode | None = use.use
        while current is not None:
            parent = parents.parent(current)
            if parent is block:
                break
            if isinstance(parent, CONDITIONAL):
                return False
            current = parent
        if current is None:
            return False
    return True
