"""What a fix can prove about a tensor's shape and integer dtype from the code alone: the
number of dimensions (`torch.nonzero(m).flatten()` is 1-D, `x.nonzero()` 2-D) and whether
its values are integers (`argmax`, `nonzero`, `.long()`), following a local name to the one
assignment that reaches a statement.

`.tolist()` of a 1-D tensor gives the values `.item()` of its elements gives; of a tensor
with more dimensions, lists. The `.tolist()` forms of the batched fix ask here first."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import libcst as cst

from synclint.analysis.kinds import DEVICE_TENSORS, HOST, HOST_TENSOR
from synclint.analysis.walker import Context
from synclint.fixes.batched_facts import _SINGLE_TENSOR_FUNCTIONS, _SINGLE_TENSOR_METHODS
from synclint.fixes.dtypes import known_dtype

__all__ = ["Resolver", "cpu_tensor", "int_dtype", "proven_tensor", "rank_of",
           "reaching_value"]

#: Looks a local name up: the expression it holds at the statement asked about, or None.
Resolver = Callable[[str], cst.BaseExpression | None]

#: Factories whose positional sizes give the rank (`torch.zeros(3)`, `torch.ones(2, 3)`).
_SIZED = frozenset({"zeros", "ones", "empty", "rand", "randn"})
#: Always 1-D.
_ONE_D = frozenset({"arange", "linspace", "logspace", "randperm", "bincount", "flatten",
                    "ravel"})
#: Keep the rank of their (first) tensor operand.
_SAME_RANK = frozenset({
    "float", "double", "half", "bfloat16", "long", "int", "bool", "short", "byte", "to",
    "detach", "clone", "contiguous", "abs", "neg", "sqrt", "exp", "log", "sigmoid", "relu",
    "round", "floor", "ceil", "clamp", "clip", "sign", "isnan", "isinf", "isfinite",
    "logical_not", "cpu", "cuda", "type", "cumsum", "cumprod", "softmax", "log_softmax",
    "nan_to_num", "argsort", "eq", "ne", "gt", "ge", "lt", "le", "square",
})
#: Reductions that return (values, indices) when given a dimension.
_PAIRED = frozenset({"max", "min", "median", "mode", "kthvalue"})
#: Reductions: without a dimension 0-d, with one (and no keepdim) one dimension less.
_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "amax", "amin", "prod", "any", "all",
                         "argmax", "argmin", "norm", "std", "var", "count_nonzero",
                         "nansum", "nanmean", "logsumexp", "median"})
#: Results whose values are integers (int64), whatever their input.
_INT_RESULTS = frozenset({"argmax", "argmin", "argsort", "nonzero", "argwhere", "long",
                          "int", "randperm", "bincount", "count_nonzero", "randint",
                          "multinomial", "searchsorted", "bucketize"})
_INT_DTYPES = frozenset({"torch.int64", "torch.int32"})


def reaching_value(name: str, anchor: cst.CSTNode, ancestors: Sequence[cst.CSTNode]
                   ) -> cst.BaseExpression | None:
    """The value of the one plain assignment `name = value` that reaches `anchor` (a
    statement of the function, `ancestors` its ancestors, outermost first), when every path
    to `anchor` passes it and nothing rebinds `name` in between; else None."""
    child: cst.CSTNode = anchor
    for parent in reversed(ancestors):
        if isinstance(parent, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return None
        if isinstance(parent, (cst.For, cst.While)) and _binds_anywhere(parent, name):
            return None  # a later iteration sees a later binding
        if isinstance(parent, (cst.IndentedBlock, cst.Module)):
            body = list(parent.body)
            index = next((i for i, s in enumerate(body) if s is child), None)
            if index is None:
                return None
            for statement in reversed(body[:index]):
                value = _plain_assignment(statement, name)
                if value is not None:
                    return value
                if _binds_anywhere(statement, name):
                    return None
        child = parent
    return None


def _plain_assignment(statement: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The value `name = value` binds, or, for `a, name = value`, `value[1]` (an element
    of what the right-hand side gives: `unique, counts = torch.unique(...)`)."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
        return None
    target = small.targets[0].target
    if isinstance(target, cst.Name):
        return small.value if target.value == name else None
    if isinstance(target, (cst.Tuple, cst.List)) and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name)
            for e in target.elements):
        names = [e.value.value for e in target.elements]  # type: ignore[attr-defined]
        if names.count(name) == 1:
            index = cst.Index(cst.Integer(str(names.index(name))))
            return cst.Subscript(small.value, [cst.SubscriptElement(index)])
    return None


def _binds_anywhere(node: cst.CSTNode, name: str) -> bool:
    """Whether `name` is bound anywhere in `node` (not in nested functions or classes)."""
    stack = [node]
    while stack:
        current = stack.pop()
        targets: list[cst.CSTNode] = []
        if isinstance(current, cst.Assign):
            targets = [t.target for t in current.targets]
        elif isinstance(current, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor,
                                  cst.NamedExpr, cst.Del)):
            targets = [current.target]
        elif isinstance(current, cst.AsName):
            targets = [current.name]
        elif isinstance(current, (cst.Global, cst.Nonlocal)):
            if any(n.name.value == name for n in current.names):
                return True
        elif isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            if current.name.value == name:
                return True
            continue
        elif isinstance(current, (cst.Import, cst.ImportFrom)):
            if name in _imported_names(current):
                return True
        for target in targets:
            if any(isinstance(n, cst.Name) and n.value == name for n in _walk(target)):
                return True
        stack.extend(current.children)
    return False


def _imported_names(node: cst.Import | cst.ImportFrom) -> set[str]:
    names = node.names
    if isinstance(names, cst.ImportStar):
        return {"*"}
    found = set()
    for alias in names:
        if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
            found.add(alias.asname.name.value)
        else:
            code = cst.Module([]).code_for_node(alias.name)
            found.add(code.split(".")[0])
    return found


def _walk(node: cst.CSTNode) -> list[cst.CSTNode]:
    out, stack = [], [node]
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(current.children)
    return out


def _torch_name(node: cst.BaseExpression, ctx: Context) -> str | None:
    qualified = ctx.imports.qualify(node)
    if qualified is not None and qualified.startswith("torch."):
        return qualified[len("torch."):]
    return None


def _keyword(call: cst.Call, name: str) -> cst.BaseExpression | None:
    return next((a.value for a in call.args if a.keyword is not None
                 and a.keyword.value == name), None)


def _positional(call: cst.Call) -> list[cst.BaseExpression]:
    return [a.value for a in call.args if a.keyword is None and not a.star]


def _is_true(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, cst.Name) and node.value == "True"


def _is_false(node: cst.BaseExpression | None) -> bool:
    return isinstance(node, cst.Name) and node.value == "False"


def rank_of(node: cst.BaseExpression, ctx: Context, resolve: Resolver | None = None,
            depth: int = 0) -> int | None:
    """The number of dimensions of the tensor `node`, or None where the code does not fix
    it."""
    if depth > 20:
        return None

    def again(inner: cst.BaseExpression) -> int | None:
        return rank_of(inner, ctx, resolve, depth + 1)

    if isinstance(node, cst.Name):
        value = resolve(node.value) if resolve is not None else None
        return again(value) if value is not None else None
    if isinstance(node, cst.Subscript):
        return _subscript_rank(node, ctx, resolve, depth)
    if isinstance(node, cst.Attribute):
        return _module_rank(node, ctx, depth)
    if isinstance(node, cst.UnaryOperation) and not isinstance(node.operator, cst.Not):
        return again(node.expression)
    if isinstance(node, (cst.BinaryOperation, cst.Comparison)):
        operands = [node.left, node.right] if isinstance(node, cst.BinaryOperation) \
            else [node.left, *(c.comparator for c in node.comparisons)]
        ranks = [0 if isinstance(o, (cst.Integer, cst.Float)) else again(o)
                 for o in operands]
        return None if None in ranks else max(r for r in ranks if r is not None)
    if not isinstance(node, cst.Call):
        return None
    name = _torch_name(node.func, ctx)
    args = _positional(node)
    if name is not None:
        if name in _ONE_D and name != "flatten":
            return 1
        if name == "flatten" and len(args) == 1 and not node.args[1:]:
            return 1
        if name == "tensor" and args:
            return _display_rank(args[0], ctx)
        if name in _SIZED or name in ("full", "empty"):
            sizes = args[:1] if name == "full" else args
            if len(sizes) == 1 and isinstance(sizes[0], (cst.Tuple, cst.List)):
                return len(sizes[0].elements)
            return len(sizes) if sizes and not any(isinstance(s, (cst.Tuple, cst.List))
                                                   for s in sizes) else None
        if name == "nonzero" and args:
            return 2 if _keyword(node, "as_tuple") is None or _is_false(
                _keyword(node, "as_tuple")) else None
        if name in ("stack", "cat", "concat") and args and isinstance(args[0], (cst.List,
                                                                                cst.Tuple)):
            pieces = {again(e.value) for e in args[0].elements if isinstance(e, cst.Element)}
            if len(pieces) != 1 or None in pieces or not args[0].elements:
                return None
            (piece,) = pieces
            assert piece is not None
            return piece + 1 if name == "stack" else piece
        if name in _SAME_RANK and args:
            return again(args[0])
        if name in _REDUCTIONS and args:
            return _reduced(node, name, again(args[0]), args[1:])
        return None
    if not isinstance(node.func, cst.Attribute):
        return None
    method, receiver = node.func.attr.value, node.func.value
    if method in ("flatten", "ravel") and not node.args:
        return 1
    if method in ("view", "reshape") and len(node.args) == 1 and not node.args[0].star:
        value = node.args[0].value
        if isinstance(value, (cst.Tuple, cst.List)):
            return len(value.elements)
        if isinstance(value, cst.Integer) or isinstance(value, cst.UnaryOperation):
            return 1
        return None
    if method in ("view", "reshape") and args and len(args) == len(node.args):
        return len(args)
    if method == "nonzero":
        return 2 if _keyword(node, "as_tuple") is None or _is_false(
            _keyword(node, "as_tuple")) else None
    if method == "unsqueeze":
        inner = again(receiver)
        return inner + 1 if inner is not None else None
    if method in _SAME_RANK:
        return again(receiver)
    if method in _REDUCTIONS:
        return _reduced(node, method, again(receiver), args)
    return None


def _reduced(node: cst.Call, name: str, rank: int | None,
             dims: list[cst.BaseExpression]) -> int | None:
    dim = _keyword(node, "dim") or (dims[0] if dims else None)
    if dim is not None and name in _PAIRED:
        return None  # a (values, indices) pair, not a tensor
    if dim is None:
        return 0 if not node.args or all(a.keyword is not None and a.keyword.value == "dtype"
                                         for a in node.args) else None
    if rank is None or _is_true(_keyword(node, "keepdim")) or len(dims) > 1:
        return None if rank is None or len(dims) > 1 else rank
    if isinstance(dim, (cst.Tuple, cst.List)):
        return rank - len(dim.elements)
    return rank - 1


def _subscript_rank(node: cst.Subscript, ctx: Context, resolve: Resolver | None,
                    depth: int) -> int | None:
    """`x[0]`, `x[:, 1]`, `x[i:j]` of a tensor of known rank; `torch.where(c)[0]` and
    `x.nonzero(as_tuple=True)[0]`: 1-D."""
    value = node.value
    if isinstance(value, cst.Call):
        name = _torch_name(value.func, ctx)
        method = value.func.attr.value if isinstance(value.func, cst.Attribute) else None
        if (name == "where" and len(value.args) == 1) or (
                (name == "nonzero" or method == "nonzero")
                and _is_true(_keyword(value, "as_tuple"))):
            return 1 if len(node.slice) == 1 else None
    rank = rank_of(value, ctx, resolve, depth + 1)
    if rank is None:
        return None
    for element in node.slice:
        index = element.slice
        if not isinstance(index, cst.Index):
            continue
        if isinstance(index.value, cst.Integer) or isinstance(index.value, cst.UnaryOperation) \
                and isinstance(index.value.expression, cst.Integer):
            rank -= 1
        elif isinstance(index.value, cst.Name) and index.value.value == "None":
            rank += 1
        else:
            return None
    return rank if rank >= 0 else None


def _display_rank(node: cst.BaseExpression, ctx: Context) -> int | None:
    """`torch.tensor([a, b])`: 1 where every element is a number or a one-element tensor
    (a literal, `int(...)`, `float(...)`, `bool(...)`, `len(...)` of anything, a comparison:
    never a list; `torch.tensor` of tensors of several values raises)."""
    if isinstance(node, (cst.List, cst.Tuple)):
        if any(isinstance(e, cst.StarredElement) or isinstance(e.value, (
                cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)) for e in node.elements):
            return None
        return 1 if node.elements and all(
            _number(e.value) or _number_call(e.value, ctx) or isinstance(e.value, cst.Comparison)
            for e in node.elements) else None
    if isinstance(node, cst.ListComp) and isinstance(node.elt, (cst.Integer, cst.Float)):
        return 1
    return None


#: Builtins whose result is a Python number whatever they are given.
_NUMBER_BUILTINS = frozenset({"int", "float", "bool", "len"})


def _number_call(node: cst.BaseExpression, ctx: Context) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
        and node.func.value in _NUMBER_BUILTINS and not ctx.bound(node.func.value)


def _number(node: cst.BaseExpression) -> bool:
    """A literal number (`3`, `-0.5`, `True`): not a name, which may hold a list."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float)) or isinstance(node, cst.Name) \
        and node.value in ("True", "False")


def int_dtype(node: cst.BaseExpression, ctx: Context, resolve: Resolver | None = None,
              depth: int = 0) -> bool:
    """The tensor's values are integers for certain (int64 or int32; not bool, whose
    elements index as masks): `argmax`, `nonzero`, `.long()`, `torch.tensor([1, 2])`."""
    if depth > 20:
        return False
    if known_dtype(node, ctx) in _INT_DTYPES:
        return True
    if isinstance(node, cst.Name):
        value = resolve(node.value) if resolve is not None else None
        return value is not None and int_dtype(value, ctx, resolve, depth + 1)
    if isinstance(node, cst.Subscript):
        value = node.value
        if isinstance(value, cst.Call):
            name = _torch_name(value.func, ctx)
            method = value.func.attr.value if isinstance(value.func, cst.Attribute) else None
            if (name == "where" and len(value.args) == 1) or name == "nonzero" \
                    or method == "nonzero":
                return True
        return int_dtype(value, ctx, resolve, depth + 1)
    if not isinstance(node, cst.Call):
        return False
    name = _torch_name(node.func, ctx)
    args = _positional(node)
    if name is not None:
        if name in _INT_RESULTS:
            return True
        if name == "tensor" and args and _keyword(node, "dtype") is None:
            display = args[0]
            return isinstance(display, (cst.List, cst.Tuple)) and bool(display.elements) \
                and all(isinstance(e.value, cst.Integer) for e in display.elements)
        if name == "arange" and _keyword(node, "dtype") is None:
            return bool(args) and all(isinstance(a, cst.Integer) or _length(a) for a in args)
        if name in ("flatten", "ravel", "clone", "detach") and args:
            return int_dtype(args[0], ctx, resolve, depth + 1)
        return False
    if isinstance(node.func, cst.Attribute):
        method, receiver = node.func.attr.value, node.func.value
        if method in _INT_RESULTS and not (method in ("int", "long") and node.args):
            return True
        if method in ("flatten", "view", "reshape", "ravel", "clone", "detach", "contiguous",
                      "squeeze", "unsqueeze", "cpu", "cuda") or (
                method == "to" and all(a.keyword is not None and a.keyword.value in (
                    "device", "non_blocking") or isinstance(a.value, cst.SimpleString)
                                       for a in node.args)):
            return int_dtype(receiver, ctx, resolve, depth + 1)
    return False


def _length(node: cst.BaseExpression) -> bool:
    """`len(x)` or `x.shape[0]`: a Python int."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) \
            and node.func.value == "len":
        return True
    return isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute) \
        and node.value.attr.value == "shape"


#: Constructors of module attributes that are tensors (`self.w = nn.Parameter(...)`).
_PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter",
                         "torch.nn.Buffer", "torch.nn.parameter.Buffer"})
#: Tensor methods whose result is one tensor (a list has none of them, so the code that
#: calls one proves its receiver a tensor). `max`/`min` with a dimension give a pair.
_TENSOR_METHODS = _SINGLE_TENSOR_METHODS | frozenset({
    "sum", "mean", "prod", "any", "all", "norm", "std", "var", "argmax", "argmin", "amax",
    "amin", "softmax", "log_softmax", "sigmoid", "exp", "log", "sqrt", "pow", "square",
    "matmul", "mm", "bmm", "gather", "index_select", "masked_fill", "eq", "ne", "gt", "ge",
    "lt", "le", "isnan", "isinf", "isfinite", "logical_not", "logical_and", "logical_or",
    "floor", "ceil", "sign", "cuda", "cpu", "type_as", "expand", "expand_as", "repeat",
    "flip", "roll", "narrow", "select", "diff", "count_nonzero", "nansum", "nanmean",
})
_PAIRED_METHODS = frozenset({"max", "min", "median", "mode", "kthvalue"})
#: Attributes of a tensor that are tensors of it.
_TENSOR_ATTRIBUTES = frozenset({"data", "grad", "T", "mT", "real"})


def proven_tensor(node: cst.BaseExpression, ctx: Context, ancestors: Sequence[cst.CSTNode],
                  resolve: Resolver | None = None, depth: int = 0) -> bool:
    """One tensor (or NumPy array) for certain, by what the code does, not by an
    annotation: a torch function's result, a tensor method's (`x.flatten()`: the code
    calls it, so `x` is a tensor), its elements and slices, a name bound to one, a module
    attribute every assignment makes a parameter or a torch tensor."""
    if depth > 20:
        return False

    def again(inner: cst.BaseExpression) -> bool:
        return proven_tensor(inner, ctx, ancestors, resolve, depth + 1)

    if isinstance(node, cst.Call):
        if any(a.keyword is not None and (a.keyword.value == "as_tuple"
                                          or a.keyword.value.startswith("return_"))
               and not (isinstance(a.value, cst.Name) and a.value.value == "False")
               for a in node.args):
            return False  # a tuple of tensors
        qualified = ctx.imports.qualify(node.func)
        if qualified is not None:
            return qualified.startswith("torch.") and (
                qualified[len("torch."):] in _SINGLE_TENSOR_FUNCTIONS
                or qualified in _PARAMETERS)
        if not isinstance(node.func, cst.Attribute):
            return False
        method = node.func.attr.value
        return method in _TENSOR_METHODS or method in _PAIRED_METHODS and not node.args
    if isinstance(node, cst.Name):
        value = resolve(node.value) if resolve is not None else None
        return value is not None and again(value)
    if isinstance(node, cst.Subscript):
        if _pair_of_tensors(node.value, ctx) and len(node.slice) == 1 \
                and isinstance(node.slice[0].slice, cst.Index) \
                and isinstance(node.slice[0].slice.value, cst.Integer):
            return True  # `torch.where(mask)[0]`, `x.nonzero(as_tuple=True)[1]`
        return again(node.value)
    if isinstance(node, cst.BinaryOperation):
        return again(node.left) or again(node.right)
    if isinstance(node, cst.Attribute):
        if node.attr.value in _TENSOR_ATTRIBUTES:
            return again(node.value)
        if isinstance(node.value, cst.Name) and node.value.value == "self":
            return _module_tensor(node.attr.value, ctx, ancestors)
    return False


def _module_tensor(name: str, ctx: Context, ancestors: Sequence[cst.CSTNode]) -> bool:
    """`self.name` is assigned only parameters or torch tensors in its class."""
    values = _module_values(name, ancestors)
    return bool(values) and all(proven_tensor(v, ctx, ()) for v in values)


def _module_values(name: str, ancestors: Sequence[cst.CSTNode]) -> list[cst.BaseExpression]:
    """Every value the class around `ancestors` assigns to `self.name` (or registers as
    its buffer); none where one is not known (`self.name += ...`)."""
    cls = next((n for n in reversed(ancestors) if isinstance(n, cst.ClassDef)), None)
    if cls is None:
        return []
    values: list[cst.BaseExpression] = []
    for node in _walk(cls):
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
            targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
                else [node.target]
            for target in targets:
                if isinstance(target, cst.Attribute) and target.attr.value == name \
                        and isinstance(target.value, cst.Name) and target.value.value == "self":
                    if node.value is None or isinstance(node, cst.AugAssign):
                        return []
                    values.append(node.value)
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and node.func.attr.value == "register_buffer" and len(node.args) >= 2:
            key = node.args[0].value
            if isinstance(key, cst.SimpleString) and key.evaluated_value == name:
                values.append(node.args[1].value)
    return values


#: In-place methods that may change a tensor's number of dimensions.
_RESHAPING_IN_PLACE = frozenset({"resize_", "resize_as_", "unsqueeze_", "squeeze_", "set_",
                                 "as_strided_", "t_", "transpose_", "swapdims_", "swapaxes_"})


def _module_rank(node: cst.Attribute, ctx: Context, depth: int) -> int | None:
    """The rank of `self.name` where every value the class gives it has one
    (`nn.Parameter(torch.ones(17))`: 1; a checkpoint loaded into it keeps its shape)."""
    if not isinstance(node.value, cst.Name) or node.value.value != "self":
        return None
    cls = next((n for n in reversed(ctx.parents) if isinstance(n, cst.ClassDef)), None)
    code = cst.Module([]).code_for_node
    if cls is None or any(
            isinstance(n, cst.AssignTarget) and isinstance(n.target, cst.Attribute)
            and code(n.target.value) == code(node)
            or isinstance(n, cst.Call) and isinstance(n.func, cst.Attribute)
            and n.func.attr.value in _RESHAPING_IN_PLACE and code(n.func.value) == code(node)
            for n in _walk(cls)):
        return None  # `self.w.data = ...`, `self.w.unsqueeze_(0)` may give it another shape
    ranks = set()
    for value in _module_values(node.attr.value, ctx.parents):
        if isinstance(value, cst.Call) and ctx.imports.qualify(value.func) in _PARAMETERS:
            args = _positional(value)
            value = args[0] if args else value
        if not proven_tensor(value, ctx, ()):
            return None
        ranks.add(rank_of(value, ctx, None, depth + 1))
    return ranks.pop() if len(ranks) == 1 else None


def _pair_of_tensors(node: cst.BaseExpression, ctx: Context) -> bool:
    """A torch call that returns a tuple of tensors: `torch.where(mask)`,
    `x.nonzero(as_tuple=True)`, `x.max(dim=1)`, `torch.unique(x, return_counts=True)`."""
    if not isinstance(node, cst.Call):
        return False
    qualified = ctx.imports.qualify(node.func)
    if qualified == "torch.where" and len(node.args) == 1:
        return True
    tupled = any(a.keyword is not None and (a.keyword.value == "as_tuple"
                                            or a.keyword.value.startswith("return_"))
                 and isinstance(a.value, cst.Name) and a.value.value == "True"
                 for a in node.args)
    if qualified is not None:
        return tupled and qualified in ("torch.nonzero", "torch.unique")
    if not isinstance(node.func, cst.Attribute):
        return False
    method = node.func.attr.value
    return tupled and method in ("nonzero", "unique") \
        or method in ("topk", "sort") or method in _PAIRED_METHODS and bool(node.args)


#: Factories that make a tensor on the CPU unless given a device.
_FACTORIES = frozenset({"arange", "zeros", "ones", "full", "empty", "rand", "randn",
                        "randint", "randperm", "linspace", "logspace", "eye", "zeros_like",
                        "ones_like", "from_numpy", "frombuffer", "tensor", "as_tensor"})
#: torch functions whose result lives where their tensor arguments do.
_JOINS = frozenset({"cat", "concat", "concatenate", "stack", "hstack", "vstack"})
#: Methods that move a tensor (elsewhere than the CPU, or nowhere certain).
_MOVES = frozenset({"to", "cuda", "pin_memory", "type", "new_tensor", "new_zeros",
                    "new_ones", "new_full", "new_empty"})


def cpu_tensor(node: cst.BaseExpression, ctx: Context, resolve: Resolver | None = None,
               elements: Mapping[str, cst.BaseExpression] | None = None, depth: int = 0
               ) -> bool:
    """A tensor on the CPU for certain: a factory without a device (the file does not call
    `torch.set_default_device`), `.cpu()`, `torch.from_numpy`, joins, elements, views and
    arithmetic of those; `elements` maps loop variables to the tensors they iterate."""
    if depth > 20 or "set_default_device" in ctx.source:
        return False
    if ctx.kind(node) is HOST_TENSOR:
        return True

    def again(inner: cst.BaseExpression) -> bool:
        return cpu_tensor(inner, ctx, resolve, elements, depth + 1)

    if isinstance(node, cst.Name):
        if elements is not None and node.value in elements:
            return again(elements[node.value])
        value = resolve(node.value) if resolve is not None else None
        return value is not None and again(value)
    if isinstance(node, cst.Subscript):
        return again(node.value)
    if isinstance(node, cst.BinaryOperation):
        # A CPU tensor with numbers (or values not known to be device tensors: withholding
        # a fix where one was a GPU tensor after all costs nothing but the fix).
        sides = [again(s) for s in (node.left, node.right)]
        others = [s for s, cpu in zip((node.left, node.right), sides, strict=True) if not cpu]
        return any(sides) and all(ctx.kind(s) not in DEVICE_TENSORS for s in others)
    if not isinstance(node, cst.Call):
        return False
    name = _torch_name(node.func, ctx)
    args = _positional(node)
    if name is not None:
        device = _keyword(node, "device")
        if name in _FACTORIES:
            if device is not None and not _names_cpu(device):
                return False
            if name in ("tensor", "as_tensor", "zeros_like", "ones_like"):
                return bool(args) and _host_data(args[0], ctx) if name in (
                    "tensor", "as_tensor") else bool(args) and again(args[0])
            return True
        if name in _JOINS and args and isinstance(args[0], (cst.List, cst.Tuple)):
            return bool(args[0].elements) and all(
                isinstance(e, cst.Element) and again(e.value) for e in args[0].elements)
        return bool(args) and again(args[0]) and all(
            again(a) for a in args[1:] if not isinstance(a, (cst.Integer, cst.Float)))
    if isinstance(node.func, cst.Attribute):
        method = node.func.attr.value
        if method == "cpu":
            return True
        if method == "to":
            return any(_names_cpu(a.value) for a in node.args
                       if a.keyword is None or a.keyword.value == "device")
        if method in _MOVES:
            return False
        return again(node.func.value)
    return False


def _names_cpu(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.SimpleString) and node.evaluated_value == "cpu"


def _host_data(node: cst.BaseExpression, ctx: Context) -> bool:
    """Numbers or lists of numbers: what `torch.tensor(...)` copies from the host."""
    if isinstance(node, (cst.List, cst.Tuple)):
        return all(isinstance(e, cst.Element) and _host_data(e.value, ctx)
                   for e in node.elements)
    if isinstance(node, (cst.Integer, cst.Float)):
        return True
    return ctx.kind(node) is HOST
