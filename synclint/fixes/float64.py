"""The float64 fix of SYN301: a float32 squared sum becomes a per-tensor float64 norm, squared.

`(g * g).sum()` -> `torch.linalg.vector_norm(g, dtype=torch.float64) ** 2`, everywhere the
squared sum appears (alone, summed by `sum(...)`, accumulated by `+=`), so the structure of
the user's code, its empty-list behaviour and its comments stay as they were.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
from libcst._nodes.internal import CodegenState

from synclint.analysis.uses import binds, occurrences
from synclint.analysis.walker import Context
from synclint.diagnostics import Applicability
from synclint.fixes.dtypes import is_real_float, known_dtype, mentions_mps
from synclint.fixes.matches import SquaredNorm
from synclint.fixes.pending import PendingFix, Replacement
from synclint.fixes.tensor_facts import int_dtype

__all__ = ["FixOrReason", "code_of", "consumed_on_host", "float64_fix", "needs_parens"]

#: A fix, or the reason none is offered (said in the finding's message).
FixOrReason = PendingFix | str

FIX_MESSAGE = "Compute the norm per tensor in float64 with `torch.linalg.vector_norm`"
UNSAFE_REASON = "the result becomes a float64 tensor where it was float32"
#: `total += <float64 square>` where `total` may be a tensor: `+=` adds in place in
#: `total`'s own dtype, so a float32 accumulator overflows to inf all the same.
IN_PLACE_REASON = ("the accumulator may be a tensor, and `+=` adds in place in its own "
                   "dtype: the float64 square would overflow there again")
NOT_FLOAT_REASON = ("the tensor's dtype is not known: `vector_norm` raises for integer, bool "
                    "and complex tensors (cast it, `g.float()`, to get the fix)")
MPS_REASON = "this file uses Apple MPS, which has no float64"
COMPLEX_REASON = ("the norm of a complex tensor is real, but `vector_norm` with a float64 "
                  "dtype raises for one")
INTEGER_REASON = ("the tensor holds integers: their squares are exact, and `vector_norm` "
                  "raises for integer and bool tensors")
#: A squared norm that stays a tensor: returned in float64 it changes the result's dtype;
#: cast back, it overflows where the original did.
KEEPS_DTYPE_REASON = ("the squared norm stays a tensor of the original dtype, where it "
                      "overflows as before: only its square root, or a read as a Python "
                      "number, gains from float64")
#: Joins of per-tensor norms: `torch.stack([g.norm() for g in grads])`.
JOINS = frozenset({"torch.stack", "torch.cat", "torch.hstack"})
#: How deep `a = <norm>; b = a.sqrt()` chains of names are followed to a host read.
MAX_NAME_DEPTH = 3
#: Functions that read a 0-d tensor as a Python number (the value, never the dtype, escapes).
HOST_READ_FUNCTIONS = frozenset({"math.sqrt", "math.isfinite", "math.isinf", "math.isnan",
                                 "math.log", "math.log10"})
HOST_READ_BUILTINS = frozenset({"float", "round"})
HOST_READ_METHODS = frozenset({"item", "tolist"})
#: Steps after which the value is still "the norm": `.sqrt()`, `** 0.5`.
ROOT_METHODS = frozenset({"sqrt"})

_EMPTY = cst.Module(body=[])


def code_of(node: cst.CSTNode, ancestors: Sequence[cst.CSTNode] = ()) -> str:
    """The code of `node`; with the `ancestors` of the place it goes to, the lines it spans
    keep the indentation of that place (inside brackets, only looks depend on it)."""
    if not ancestors or not isinstance(ancestors[0], cst.Module):
        return _EMPTY.code_for_node(node)
    module = ancestors[0]
    tokens = [block.indent if block.indent is not None else module.default_indent
              for block in ancestors if isinstance(block, cst.IndentedBlock)]
    state = CodegenState(default_indent=module.default_indent,
                         default_newline=module.default_newline, indent_tokens=tokens)
    node._codegen(state)
    return "".join(state.tokens)


def float64_fix(match: SquaredNorm, ctx: Context,
                aug: cst.AugAssign | None = None) -> FixOrReason:
    """The fix of a squared-sum norm found while visiting `match.node` (or, for the
    "accumulate" form, the AugAssign `aug` whose value it is)."""
    term = match.comprehension.elt if match.comprehension is not None else match.node
    if _is_nansum(term, ctx):
        return "`nansum` skips NaN elements, where a norm would propagate them"
    inner = _l2_inner(match.operand, ctx)
    operand = inner or match.operand
    reasons: list[str] = []
    joined = _float64_norms(operand, ctx)
    extra: tuple[Replacement, ...] = ()
    if joined is not None:
        # `torch.stack([g.norm() for g in grads])`: a float32 norm overflows as its square
        # does, so the norms inside are computed in float64 too.
        operand_code, floating, extra = joined
    else:
        operand_code = code_of(operand, ctx.parents)
        floating = is_real_float(known_dtype(operand, ctx))
    if not floating and (inner is not None or joined is not None):
        # `g.norm()` itself raises for integer and bool tensors: only a complex one differs.
        reasons.append(COMPLEX_REASON)
    elif not floating:
        # `vector_norm` raises for integer and bool tensors (whose squares were exact).
        if int_dtype(operand, ctx) or known_dtype(operand, ctx) == "torch.bool":
            return INTEGER_REASON
        return NOT_FLOAT_REASON
    # A join of float64 norms is float64 already.
    dtype = "" if joined is not None else ", dtype=torch.float64"
    if mentions_mps(ctx):
        base = _device_base(operand)
        if joined is not None or base is None:
            reasons.append(MPS_REASON)
        else:
            # Apple's MPS has no float64: there the norm stays in float32, as it was.
            dtype = (f", dtype=torch.float32 if {code_of(base)}.device.type == \"mps\" "
                     "else torch.float64")
    norm = f"torch.linalg.vector_norm({operand_code}{dtype})"
    parents = list(ctx.parents)
    target: cst.BaseExpression = term
    code = norm + " ** 2"
    parent: cst.CSTNode | None
    if match.form == "accumulate":
        if aug is None:
            return "the accumulating statement is not known"
        parent = aug
        if not _accumulator_starts_as_number(aug, parents):
            return IN_PLACE_REASON
        safe = _accumulator_on_host(aug, parents, ctx)
    elif match.comprehension is not None:
        # Only the summand changes: `sum(...)` keeps its empty-list result (0) and layout.
        parent = match.comprehension
        safe = consumed_on_host(match.node, parents, ctx)
    else:
        ancestors = parents
        root = _root_of(match.node, parents, ctx)
        if root is not None:
            # `(g * g).sum().sqrt()` is the norm itself: no square, no square root.
            target, ancestors = root
            code = norm
        parent = ancestors[-1] if ancestors else None
        if (isinstance(parent, cst.AugAssign) and parent.value is target
                and isinstance(parent.operator, cst.AddAssign)):
            if not _accumulator_starts_as_number(parent, ancestors[:-1]):
                return IN_PLACE_REASON
            safe = _accumulator_on_host(parent, ancestors[:-1], ctx)
        else:
            safe = consumed_on_host(target, ancestors, ctx)
    if not safe:
        # The result stays a tensor: it must keep the original's dtype. Cast back, only the
        # norm itself gains (a squared norm overflows float32 at the same point).
        back = _cast_back(known_dtype(operand, ctx)) if code is norm else None
        if back is None:
            return KEEPS_DTYPE_REASON
        code = f"{norm}{back}"
    elif code is not norm:
        code = _parenthesized(target, code, parent)
    replacements = (*extra, Replacement(target, code))
    if not reasons:
        return PendingFix(Applicability.SAFE, FIX_MESSAGE, replacements, ("torch",))
    return PendingFix(Applicability.UNSAFE, f"{FIX_MESSAGE} (unsafe: {'; '.join(reasons)})",
                      replacements, ("torch",))


def _device_base(operand: cst.BaseExpression) -> cst.BaseExpression | None:
    """The name (or attribute) whose device the operand has: `g` of `g.float().view(-1)`."""
    node = operand
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value in ("float", "double", "half", "bfloat16", "view",
                                         "reshape", "flatten", "detach", "contiguous"):
        node = node.func.value
    return node if isinstance(node, (cst.Name, cst.Attribute)) else None


def _cast_back(dtype: str | None) -> str | None:
    """The cast that hands a float64 norm back in the original's dtype."""
    return {"torch.float32": ".float()", "torch.float16": ".half()",
            "torch.bfloat16": ".bfloat16()", "torch.float64": ""}.get(dtype or "")


def unsafe_reason(fix: PendingFix) -> str:
    """Why a fix made by this module is unsafe (from its message)."""
    return fix.message.partition(" (unsafe: ")[2].rstrip(")")


def _float64_norms(operand: cst.BaseExpression, ctx: Context
                   ) -> tuple[str, bool, tuple[Replacement, ...]] | None:
    """The code of a join of L2 norms with each norm computed in float64, whether every
    normed tensor is known to be real floating, and the rewrite of the list of norms where
    a name holds it (`norms = [g.norm() for g in grads]`, read only by the join); None when
    `operand` is no such join."""
    if not isinstance(operand, cst.Call) or ctx.imports.qualify(operand.func) not in JOINS:
        return None
    if not operand.args or operand.args[0].keyword is not None:
        return None
    pieces = operand.args[0].value
    if isinstance(pieces, cst.Name):
        listed = _list_of_norms(pieces, ctx)
        if listed is None:
            return None
        inline = _float64_norms(operand.with_changes(
            args=[operand.args[0].with_changes(value=listed), *operand.args[1:]]), ctx)
        if inline is None:
            return None
        new_list = cst.ensure_type(cst.parse_expression(inline[0]), cst.Call).args[0].value
        return (code_of(operand, ctx.parents), inline[1],
                (Replacement(listed, code_of(new_list, ctx.parents)),))
    if isinstance(pieces, (cst.ListComp, cst.GeneratorExp)):
        elements = [pieces.elt]
    elif isinstance(pieces, (cst.List, cst.Tuple)):
        elements = [e.value for e in pieces.elements if isinstance(e, cst.Element)]
        if len(elements) != len(pieces.elements):
            return None
    else:
        return None
    inner = [_l2_inner(element, ctx) for element in elements]
    if not inner or any(x is None for x in inner):
        return None
    widened: dict[int, cst.BaseExpression] = {}
    floating = True
    for element, tensor in zip(elements, inner, strict=True):
        assert tensor is not None
        floating = floating and is_real_float(known_dtype(tensor, ctx))
        widened[id(element)] = cst.parse_expression(
            f"torch.linalg.vector_norm({code_of(tensor)}, dtype=torch.float64)")
    if isinstance(pieces, (cst.ListComp, cst.GeneratorExp)):
        new_pieces: cst.BaseExpression = pieces.with_changes(elt=widened[id(pieces.elt)])
    else:
        new_pieces = pieces.with_changes(elements=[
            e.with_changes(value=widened[id(e.value)]) for e in pieces.elements
            if isinstance(e, cst.Element)])
    new_args = [operand.args[0].with_changes(value=new_pieces), *operand.args[1:]]
    return code_of(operand.with_changes(args=new_args), ctx.parents), floating, ()


def _list_of_norms(name: cst.Name, ctx: Context) -> cst.BaseExpression | None:
    """The list a local name is bound to, where it is bound once, to a list display or
    comprehension, and read only here: its norms may be computed in float64 with nothing
    else seeing them."""
    scope = _scope(ctx.parents)
    if scope is None:
        return None
    value: cst.BaseExpression | None = None
    for node, ancestors in occurrences(scope, name.value):
        if not binds(node, ancestors):
            if node is not name:
                return None
            continue
        parent = ancestors[-1] if ancestors else None
        grand = ancestors[-2] if len(ancestors) >= 2 else None
        if value is not None or not (isinstance(parent, cst.AssignTarget)
                                     and isinstance(grand, cst.Assign)
                                     and len(grand.targets) == 1):
            return None
        value = grand.value
    if not isinstance(value, (cst.ListComp, cst.List, cst.Tuple)):
        return None
    return value


def needs_parens(parent: cst.CSTNode | None, node: cst.CSTNode) -> bool:
    """Whether an expression of lower precedence than a call must be parenthesised at
    `node`'s place (a power `a ** 2` or a division `a / b`)."""
    if isinstance(parent, cst.Attribute) and parent.value is node:
        return True
    if isinstance(parent, cst.Subscript) and parent.value is node:
        return True
    if isinstance(parent, cst.Call) and parent.func is node:
        return True
    return isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation, cst.Await))


def _parenthesized(target: cst.CSTNode, code: str, parent: cst.CSTNode | None) -> str:
    if getattr(target, "lpar", ()):
        return code  # the node's own parentheses stay in the text around the replacement
    if needs_parens(parent, target):
        if isinstance(parent, cst.BinaryOperation) and not isinstance(parent.operator,
                                                                      cst.Power):
            return code  # `**` binds tighter than every other binary operator
        return f"({code})"
    return code


def _is_nansum(term: cst.CSTNode, ctx: Context) -> bool:
    if not isinstance(term, cst.Call):
        return False
    func = term.func
    if ctx.imports.qualify(func) == "torch.nansum":
        return True
    return isinstance(func, cst.Attribute) and func.attr.value == "nansum"


#: The name of the tensor parameter of torch's norm functions.
_TENSOR_PARAMETER = {"torch.norm": "input", "torch.linalg.vector_norm": "x",
                     "torch.linalg.norm": "input"}


def _l2_inner(operand: cst.BaseExpression, ctx: Context) -> cst.BaseExpression | None:
    """`x` of an L2 norm `x.norm()`, `x.norm(2)`, `torch.norm(x)`, `torch.linalg.vector_norm(x)`
    (or `torch.norm(p=2, input=x)`): squaring the norm squares the elements of `x`."""
    if not isinstance(operand, cst.Call) or operand.lpar:
        return None
    func = operand.func
    args = list(operand.args)
    qualified = ctx.imports.qualify(func)
    if qualified in _TENSOR_PARAMETER:
        # The tensor first by position, or by its name (`torch.norm(p=2, input=x)`).
        tensor = next((a for a in args if a.keyword is None), None) or next(
            (a for a in args if a.keyword is not None
             and a.keyword.value == _TENSOR_PARAMETER[qualified]), None)
        if tensor is None or any(a.star for a in args):
            return None
        inner, rest = tensor.value, [a for a in args if a is not tensor]
        if qualified == "torch.linalg.norm" and rest:
            return None  # `ord=2` of a matrix is its spectral norm
    elif qualified is None and isinstance(func, cst.Attribute) and func.attr.value == "norm":
        inner, rest = func.value, args
    else:
        return None
    if len(rest) > 1:
        return None
    if rest:
        arg = rest[0]
        if arg.star or (arg.keyword is not None and arg.keyword.value not in ("p", "ord")):
            return None
        if not _is_two(arg.value):
            return None
    return inner


def _is_two(expr: cst.BaseExpression) -> bool:
    return (isinstance(expr, cst.Integer) and expr.value == "2") or (
        isinstance(expr, cst.Float) and float(expr.value) == 2.0)


def _root_of(node: cst.BaseExpression, parents: Sequence[cst.CSTNode],
             ctx: Context) -> tuple[cst.BaseExpression, list[cst.CSTNode]] | None:
    """The square root applied right away to `node`, with that root's ancestors."""
    if not parents:
        return None
    parent = parents[-1]
    grand = parents[-2] if len(parents) >= 2 else None
    if (isinstance(parent, cst.Attribute) and parent.value is node
            and parent.attr.value in ROOT_METHODS and isinstance(grand, cst.Call)
            and grand.func is parent and not grand.args):
        return grand, list(parents[:-2])
    if (isinstance(parent, cst.BinaryOperation) and parent.left is node
            and isinstance(parent.operator, cst.Power) and _is_half(parent.right)):
        return parent, list(parents[:-1])
    if (isinstance(parent, cst.Arg) and isinstance(grand, cst.Call) and len(grand.args) == 1
            and parent.keyword is None and ctx.imports.qualify(grand.func) == "torch.sqrt"):
        return grand, list(parents[:-2])
    return None


def _is_half(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Float) and float(expr.value) == 0.5


def consumed_on_host(expr: cst.BaseExpression, ancestors: Sequence[cst.CSTNode],
                     ctx: Context, depth: int = 0) -> bool:
    """Whether the value of `expr` is only ever read as a Python number: `.item()`,
    `float(...)`, `.tolist()`, `math.sqrt(...)`, possibly after `.sqrt()` / `** 0.5`, or
    through a local name every read of which is such a read. Then a float64 result in
    place of a float32 one changes no type the program can see."""
    current: cst.CSTNode = expr
    index = len(ancestors) - 1
    while index >= 0:
        parent = ancestors[index]
        grand = ancestors[index - 1] if index >= 1 else None
        if isinstance(parent, cst.Attribute) and parent.value is current:
            if not (isinstance(grand, cst.Call) and grand.func is parent and not grand.args):
                return False
            if parent.attr.value in HOST_READ_METHODS:
                return True
            if parent.attr.value not in ROOT_METHODS:
                return False
            current, index = grand, index - 2
            continue
        if isinstance(parent, cst.BinaryOperation) and parent.left is current and (
                isinstance(parent.operator, cst.Power) and _is_half(parent.right)):
            current, index = parent, index - 1
            continue
        if isinstance(parent, cst.Arg) and isinstance(grand, cst.Call):
            if parent.keyword is not None or parent.star or grand.args[0] is not parent:
                return False
            func = grand.func
            qualified = ctx.imports.qualify(func)
            if qualified in HOST_READ_FUNCTIONS:
                return True
            if (isinstance(func, cst.Name) and func.value in HOST_READ_BUILTINS
                    and not ctx.bound(func.value)):
                return True
            if qualified == "torch.sqrt" and len(grand.args) == 1:
                current, index = grand, index - 2
                continue
            return False
        if isinstance(parent, cst.Assign) and parent.value is current and depth < MAX_NAME_DEPTH:
            if len(parent.targets) != 1 or not isinstance(parent.targets[0].target, cst.Name):
                return False
            return _name_on_host(parent.targets[0].target, parent, ancestors[:index], ctx,
                                 depth + 1)
        return False
    return False


def _scope(ancestors: Sequence[cst.CSTNode]) -> cst.CSTNode | None:
    for ancestor in reversed(ancestors):
        if isinstance(ancestor, (cst.FunctionDef, cst.Lambda)):
            return ancestor
    return None


def _name_on_host(target: cst.Name, assign: cst.Assign, ancestors: Sequence[cst.CSTNode],
                  ctx: Context, depth: int) -> bool:
    """Every read of the name `target` (bound once, by `assign`) reads it on the host."""
    scope = _scope(ancestors)
    if scope is None:
        return False  # a module-level name can be imported by anyone
    for node, node_ancestors in occurrences(scope, target.value):
        if binds(node, node_ancestors):
            if node is not target:
                return False
            continue
        if not consumed_on_host(node, node_ancestors, ctx, depth):
            return False
    return True


def _accumulator_starts_as_number(aug: cst.AugAssign, parents: Sequence[cst.CSTNode],
                                  ) -> bool:
    """`total += <norm> ** 2` where every binding of `total` is an augmented assignment or
    an assignment of number literals: the first `+=` makes it a tensor of the square's dtype
    (float64 once fixed). A tensor accumulator (`torch.zeros(())`, an attribute, anything
    else) keeps its own dtype under `+=`, so a float64 square would overflow there again."""
    if not isinstance(aug.target, cst.Name):
        return False
    scope = _scope(parents) or next(
        (node for node in parents if isinstance(node, cst.Module)), None)
    if scope is None:
        return False
    for node, node_ancestors in occurrences(scope, aug.target.value):
        if not binds(node, node_ancestors):
            continue
        assign = next((a for a in reversed(node_ancestors)
                       if isinstance(a, (cst.Assign, cst.AugAssign, cst.AnnAssign))), None)
        if isinstance(assign, cst.AugAssign):
            continue
        if assign is None or assign.value is None or not _numbers(assign.value):
            return False
    return True


def _numbers(value: cst.BaseExpression) -> bool:
    """A number literal, or a tuple or list display of them (`(total, n) = (0.0, 0)`)."""
    if isinstance(value, (cst.Integer, cst.Float)):
        return True
    if isinstance(value, cst.UnaryOperation):
        return _numbers(value.expression)
    if isinstance(value, (cst.Tuple, cst.List)):
        return all(isinstance(e, cst.Element) and _numbers(e.value) for e in value.elements)
    return False


def _accumulator_on_host(aug: cst.AugAssign, parents: Sequence[cst.CSTNode],
                         ctx: Context) -> bool:
    """`total += <norm> ** 2`: every other binding of `total` is a number or another `+=`,
    and every read of it (outside those `+=`) is a host read."""
    if not isinstance(aug.target, cst.Name):
        return False
    scope = _scope(parents)
    if scope is None:
        return False
    for node, node_ancestors in occurrences(scope, aug.target.value):
        parent = node_ancestors[-1] if node_ancestors else None
        if binds(node, node_ancestors):
            if isinstance(parent, cst.AugAssign) and isinstance(parent.operator, cst.AddAssign):
                continue
            grand = node_ancestors[-2] if len(node_ancestors) >= 2 else None
            if (isinstance(parent, cst.AssignTarget) and isinstance(grand, cst.Assign)
                    and isinstance(grand.value, (cst.Integer, cst.Float))):
                continue
            return False
        if not consumed_on_host(node, node_ancestors, ctx):
            return False
    return True
