"""What the batched fix knows of a loop's values as tensors: 0-d or not, their dtype class,
and whether every element's value has one dtype and device (pieces of one tensor)."""

from __future__ import annotations

from typing import cast

import libcst as cst

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    F64_TENSOR,
)
from synclint.analysis.tree import walk
from synclint.analysis.uses import binds, occurrences
from synclint.fixes.batched_facts import (
    _BOOL_RESULTS,
    _ELEMENTWISE,
    _FLOAT_RESULTS,
    _INT_OPERATORS,
    _INT_RESULTS,
    _PIECES_OF_ONE,
    _SCALAR_REDUCTIONS,
    _SINGLE_TENSOR_FUNCTIONS,
    _SINGLE_TENSOR_METHODS,
)
from synclint.fixes.batched_model import LoopState, Site
from synclint.fixes.batched_syntax import (
    _keywords,
    _method,
    _names_in,
    _positional,
)
from synclint.fixes.dtypes import is_real_float, known_dtype

#: Methods whose result is floating whenever their (only) operand is.
_FLOAT_KEEPING = frozenset({"mean", "sum", "nansum", "nanmean", "amax", "amin", "max", "min",
                            "abs", "neg", "square", "sqrt", "exp", "log"})

#: Builtins that read a list without changing which tensors it holds.
_KEEPING_BUILTINS = frozenset({"len", "zip", "enumerate", "reversed"})


class Shapes:
    """Shapes, dtypes and devices of the values a loop reads."""

    def __init__(self, loop: LoopState) -> None:
        self.loop = loop

    def one_dtype_and_device(self) -> bool:
        """The loop reads one value per element, of the same dtype and on the same device
        every time: one `torch.stack` of them needs no promotion and no move."""
        if len(self.loop.sites) != 1:
            return False
        self.loop.pieces, self.loop.indexes = self.pieces_and_indexes(*self.loop.loop_source)
        site = self.loop.sites[0]
        return self.same_each_time(self.loop.substituted(site.value))

    def pieces_and_indexes(self, target: cst.BaseExpression,
                           iterable: cst.BaseExpression | None) -> tuple[set[str], set[str]]:
        """Loop variables bound to the pieces of one tensor (`for row in x` where the code
        made `x` with torch, `for piece in torch.split(x, sizes)`: every piece has the
        tensor's dtype and device), and those bound to Python ints (`range`, `enumerate`)."""
        if not isinstance(iterable, cst.Call) or not isinstance(iterable.func, cst.Name) \
                or self.loop.ctx.bound(iterable.func.value):
            if isinstance(target, cst.Name) and iterable is not None \
                    and self.one_tensor_cut(iterable):
                return {target.value}, set()
            return set(), set()
        name, args = iterable.func.value, _positional(iterable)
        if name == "range" and isinstance(target, cst.Name) and not _keywords(iterable):
            return set(), {target.value}
        if name == "enumerate" and len(iterable.args) == 1 and isinstance(target, cst.Tuple) \
                and len(target.elements) == 2 and all(isinstance(e.value, cst.Name)
                                                      for e in target.elements):
            index, piece = (cast(cst.Name, e.value).value for e in target.elements)
            return ({piece} if args and self.one_tensor_cut(args[0]) else set()), {index}
        return set(), set()

    def one_tensor_cut(self, iterable: cst.BaseExpression) -> bool:
        """Iterating `iterable` yields pieces of one tensor: `torch.split(x, ...)` and the
        like, or a name the function assigns only tensors made by torch (not a parameter,
        which may be a list of tensors of several dtypes)."""
        if isinstance(iterable, cst.Call):
            qualified = self.loop.ctx.imports.qualify(iterable.func) or ""
            return qualified.startswith("torch.") and qualified[6:] in _PIECES_OF_ONE
        if not isinstance(iterable, cst.Name) or iterable.value in self.loop.body_bound:
            return False
        scope = next((node for node in reversed(self.loop.ancestors)
                      if isinstance(node, cst.FunctionDef)), None)
        if scope is None:
            return False
        values: list[cst.BaseExpression] = []
        uses = occurrences(scope, iterable.value)
        for node, ancestors in uses:
            if not binds(node, ancestors):
                continue
            target, assign = ancestors[-1], ancestors[-2] if len(ancestors) >= 2 else None
            if not (isinstance(target, cst.AssignTarget) and isinstance(assign, cst.Assign)
                    and target.target is node):
                return False
            values.append(assign.value)
        if len(values) == 1 and isinstance(values[0], cst.ListComp):
            return self.alike_tensors(values[0]) and all(
                binds(node, ancestors) or self._reads_list(node, ancestors)
                for node, ancestors in uses)
        return bool(values) and all(self.made_by_torch(value) for value in values)

    def alike_tensors(self, made: cst.ListComp) -> bool:
        """`[torch.zeros(1, dtype=torch.long, device=device) for _ in range(n)]`: tensors
        made by one torch call whose arguments are the same every time (no comprehension
        variable, nothing called): one dtype and one device, like pieces of one tensor."""
        if made.for_in.inner_for_in is not None or not self.made_by_torch(made.elt) \
                or not isinstance(made.elt, cst.Call):
            return False
        variables = set(_names_in(made.for_in.target))
        return all(not variables & set(_names_in(arg.value))
                   and not any(isinstance(n, cst.Call) for n in walk(arg.value))
                   for arg in made.elt.args)

    def _reads_list(self, node: cst.Name, ancestors: tuple[cst.CSTNode, ...]) -> bool:
        """A use of a list that keeps its elements: iterating it (also in `zip`,
        `enumerate`), indexing it (not to store), `len` of it, or
        `torch.distributed.all_gather` filling its tensors in place."""
        parent = ancestors[-1] if ancestors else None
        if isinstance(parent, (cst.For, cst.CompFor)):
            return parent.iter is node
        if isinstance(parent, cst.Subscript) and parent.value is node:
            return not _stored(parent, ancestors[:-1])
        if isinstance(parent, cst.Arg) and len(ancestors) >= 2 and parent.keyword is None:
            call = ancestors[-2]
            if not isinstance(call, cst.Call) or parent.star:
                return False
            qualified = self.loop.ctx.imports.qualify(call.func)
            if isinstance(call.func, cst.Name) and call.func.value in _KEEPING_BUILTINS \
                    and not self.loop.ctx.bound(call.func.value):
                return True
            return qualified == "torch.distributed.all_gather" and call.args[0] is parent
        return False

    def made_by_torch(self, node: cst.BaseExpression) -> bool:
        """One tensor for certain: a torch function's tensor result, or tensor methods
        applied to one (`torch.nonzero(m).flatten()`)."""
        if not self.loop.is_device(node):
            return False
        while isinstance(node, cst.Call):
            if any(arg.keyword is not None and (arg.keyword.value == "as_tuple"
                                                or arg.keyword.value.startswith("return_"))
                   and not (isinstance(arg.value, cst.Name) and arg.value.value == "False")
                   for arg in node.args):
                return False  # `as_tuple=True`, `return_counts=True`: a tuple of tensors
            qualified = self.loop.ctx.imports.qualify(node.func)
            if qualified is not None:
                return qualified.startswith("torch.") \
                    and qualified[6:] in _SINGLE_TENSOR_FUNCTIONS
            method = _method(node)
            if method is None or method[1] not in _SINGLE_TENSOR_METHODS:
                return False
            node = method[0]
        return False

    def same_each_time(self, node: cst.BaseExpression) -> bool:
        """The tensor `node` computes has the same dtype and device on every iteration: it
        reads tensors the loop does not change, pieces of one tensor, and Python ints (an
        int's value never changes a result's dtype or device)."""
        if self.invariant(node):
            return True
        if isinstance(node, cst.Name):
            return node.value in self.loop.pieces
        if isinstance(node, cst.Attribute):
            return node.attr.value in ("data", "real", "imag", "T", "mT") \
                and self.same_each_time(node.value)
        if isinstance(node, cst.UnaryOperation):
            return not isinstance(node.operator, cst.Not) \
                and self.same_each_time(node.expression)
        if isinstance(node, (cst.BinaryOperation, cst.Comparison)):
            operands = [node.left, node.right] if isinstance(node, cst.BinaryOperation) \
                else [node.left, *(c.comparator for c in node.comparisons)]
            return all(self.same_each_time(o) or self.int_value(o) for o in operands)
        if isinstance(node, cst.Subscript):
            # `x[i]` of a tensor made here: an int index picks a piece of one tensor.
            one = isinstance(node.value, cst.Name) and (
                node.value.value in self.loop.pieces or self.one_tensor_cut(node.value))
            return self.same_each_time(node.value) and all(
                isinstance(e.slice, cst.Index) and (
                    self.invariant(e.slice.value) or one and self.int_value(e.slice.value))
                for e in node.slice)
        if isinstance(node, cst.Call):
            qualified = self.loop.ctx.imports.qualify(node.func)
            if qualified is None:
                method = _method(node)
                if method is None or not self.same_each_time(method[0]):
                    return False
            elif not qualified.startswith("torch."):
                return False
            # An argument that varies with the index may pick a device (`x.cuda(i)`).
            return all(self.same_each_time(arg.value)
                       and not set(_names_in(arg.value)) & self.loop.indexes for arg in node.args)
        return False

    def invariant(self, node: cst.BaseExpression) -> bool:
        """The same value on every iteration: it reads no loop variable and nothing the
        body assigns."""
        return not set(_names_in(node)) & (self.loop.targets | self.loop.body_bound)

    def int_value(self, node: cst.BaseExpression) -> bool:
        """A Python int: an int literal, a loop index, or int arithmetic of those."""
        if isinstance(node, cst.Integer):
            return True
        if isinstance(node, cst.Name):
            return node.value in self.loop.indexes and node.value not in self.loop.body_bound
        if isinstance(node, cst.BinaryOperation):
            return type(node.operator).__name__ in _INT_OPERATORS \
                and self.int_value(node.left) and self.int_value(node.right)
        return False

    def scalar(self, node: cst.BaseExpression) -> bool:
        """Whether the tensor is provably 0-d."""
        node = self.loop.substituted(node) if isinstance(node, cst.Name) and \
            node.value in self.loop.aliases else node
        if isinstance(node, cst.Call):
            method = self.loop.meth(node)
            if method is not None:
                receiver, name = method
                positional = _positional(node)
                keywords = _keywords(node)
                if "dim" in keywords or "axis" in keywords:
                    return False
                if name in _SCALAR_REDUCTIONS:
                    return not positional or (name == "norm" and len(positional) == 1)
                if name in _ELEMENTWISE:
                    return self.scalar(receiver)
                return False
            qualified = self.loop.ctx.imports.qualify(node.func)
            if qualified is not None and qualified.startswith("torch."):
                name = qualified.rsplit(".", 1)[1]
                positional = _positional(node)
                keywords = _keywords(node)
                if not positional or "dim" in keywords or "axis" in keywords:
                    return False
                if name in _SCALAR_REDUCTIONS:
                    return len(positional) == 1 or (
                        name in ("norm", "vector_norm") and len(positional) == 2)
                if name in _ELEMENTWISE:
                    return self.scalar(positional[0])
            return False
        if isinstance(node, cst.Attribute) and node.attr.value in ("data", "real"):
            return self.scalar(node.value)
        if isinstance(node, cst.UnaryOperation):
            return self.scalar(node.expression)
        if isinstance(node, (cst.BinaryOperation, cst.Comparison)):
            operands = [node.left, node.right] if isinstance(node, cst.BinaryOperation) \
                else [node.left] + [t.comparator for t in node.comparisons]
            tensors = [o for o in operands if self.loop.is_device(o)]
            return bool(tensors) and all(self.scalar(o) for o in tensors)
        return False

    def value_class(self, site: Site) -> str:
        """The class of the value's dtype where every element's value has the same one:
        "float" (any floating dtype: stacking them keeps every value), "bool", "int"
        (int64), or "unknown"."""
        kind = self.loop.ctx.kind(site.value)
        if kind is BOOL_TENSOR:
            return "bool"
        if kind is F64_TENSOR:
            return "float"
        return self.node_class(self.loop.substituted(site.value))

    def node_class(self, node: cst.BaseExpression) -> str:
        # A dtype the code fixes (`.to(torch.float32)`, `.half()`, `(x > 0)`, a norm):
        # floats promote to one another, ints to int64, keeping every value.
        dtype = known_dtype(node, self.loop.ctx)
        if is_real_float(dtype):
            return "float"
        if dtype in ("torch.int32", "torch.int64", "torch.bool"):
            return "bool" if dtype == "torch.bool" else "int"
        while True:
            if isinstance(node, cst.Comparison):
                return "bool"
            if isinstance(node, cst.Call):
                method = self.loop.meth(node)
                name = method[1] if method is not None else (
                    (self.loop.ctx.imports.qualify(node.func) or "").rsplit(".", 1)[-1])
                if name in _FLOAT_RESULTS:
                    return "float"
                if name in _BOOL_RESULTS:
                    return "bool"
                if name in _INT_RESULTS:
                    return "int"
                if name in ("sum", "count_nonzero") and method is not None \
                        and not _positional(node) and not node.args \
                        and self.bool_tensor(method[0]):
                    return "int"
                if name in ("detach", "clone", "contiguous") and method is not None:
                    node = method[0]
                    continue
                if name in _FLOAT_KEEPING and method is not None and not node.args:
                    # `value.float().mean()`: a reduction of a floating tensor is floating.
                    return "float" if self.node_class(method[0]) == "float" else "unknown"
            return "unknown"

    def uniform(self) -> bool:
        """One stack keeps every value and its Python type: every value read has a dtype
        of one known class (any floating dtypes, all bool, all int64); conditions next to
        them keep their truth under promotion. Otherwise the fix stacks per dtype."""
        classes = {self.value_class(site) for site in self.loop.sites if not site.truth}
        return len(classes) <= 1 and "unknown" not in classes

    def bool_tensor(self, node: cst.BaseExpression) -> bool:
        if self.loop.ctx.kind(node) is BOOL_TENSOR:
            return True
        if isinstance(node, cst.Comparison):
            return any(self.loop.is_device(o) for o in (node.left, *(c.comparator for c in
                                                                     node.comparisons)))
        return False


def _stored(node: cst.BaseExpression, ancestors: tuple[cst.CSTNode, ...]) -> bool:
    """Whether `node` (with its ancestors, outermost first) is assigned to or deleted:
    `x[0] = v`, `x[0], y = ...`, `x[0] += v`, `for x[0] in ...`, `del x[0]`."""
    child: cst.CSTNode = node
    for parent in reversed(ancestors):
        if isinstance(parent, (cst.Element, cst.Tuple, cst.List, cst.StarredElement)):
            child = parent
            continue
        if isinstance(parent, (cst.AssignTarget, cst.Del)):
            return True
        if isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor,
                               cst.NamedExpr)):
            return parent.target is child
        return False
    return False
