"""What the batched fix knows of a loop's expressions as code: free of effects, host values,
reads that sync, and operations that cannot raise."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST,
    UNKNOWN,
)
from synclint.analysis.torch_api import DTYPE_NAMES, HOST_ATTRIBUTES, METADATA_METHODS
from synclint.fixes.batched_facts import (
    _COLLECTION_METHODS,
    _EFFECTFUL_METHODS,
    _HOST_GUARD_CALLS,
    _HOST_GUARD_METHODS,
    _RANDOM_OPS,
    _SYNCING_OPS,
    _TOTAL,
)
from synclint.fixes.batched_model import LoopState
from synclint.fixes.batched_shapes import Shapes
from synclint.fixes.batched_syntax import (
    _bound_names,
    _code,
    _effect_free,
    _method,
    _sequence_annotation,
    _sequence_value,
    _simple,
    _walk_scope,
)

#: Tensor methods that return metadata (`p.numel()`, `p.element_size()`): host values.
_METADATA_CALLS = METADATA_METHODS | {"is_floating_point", "is_complex"}


class Values:
    """Effects, syncs and host values of a loop's expressions."""

    def __init__(self, loop: LoopState, shapes: Shapes) -> None:
        self.loop = loop
        self.shapes = shapes

    def cpu(self, node: cst.BaseExpression) -> bool:
        from synclint.analysis.names import is_cpu_device

        return is_cpu_device(node)

    def sync_free(self, node: cst.BaseExpression, *, truth: bool) -> bool:
        """Evaluating the guard cannot read a tensor: the fix evaluates it once more, in
        its first pass. Comparisons and truth tests need operands known to be host values
        (a tensor `scale > 0` syncs); identity tests, `isinstance` and metadata never
        read a tensor."""
        if isinstance(node, cst.BooleanOperation):
            return self.sync_free(node.left, truth=truth) and \
                self.sync_free(node.right, truth=truth)
        if isinstance(node, cst.UnaryOperation):
            return self.sync_free(node.expression, truth=True)
        if isinstance(node, cst.Comparison):
            if all(isinstance(c.operator, (cst.Is, cst.IsNot)) for c in node.comparisons):
                return True
            operands = [node.left, *(c.comparator for c in node.comparisons)]
            if all(isinstance(c.operator, (cst.In, cst.NotIn)) for c in node.comparisons):
                # `name in skip`: a membership test in a list, tuple, set or literal of
                # host values compares host values (a tensor on the left would sync).
                return self.known_host(node.left) and all(
                    isinstance(c.comparator, (cst.List, cst.Tuple, cst.Set, cst.SimpleString))
                    or self.known_sequence(c.comparator) or self.known_host(c.comparator)
                    for c in node.comparisons)
            return all(self.known_host(o) for o in operands)
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name) and func.value in ("isinstance", "hasattr",
                                                             "callable", "len"):
                return True
            return self.known_host(node)
        if truth:
            return self.known_host(node) or isinstance(node, (cst.Name, cst.Attribute)) \
                and self.loop.ctx.kind(node) is UNKNOWN
        return self.known_host(node)

    def known_host(self, node: cst.BaseExpression) -> bool:
        """A host value for certain: a literal, a host-kind name, a loop index, tensor
        metadata, or arithmetic of those."""
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString,
                             cst.FormattedString)):
            return True
        if isinstance(node, cst.Name):
            if node.value in ("None", "True", "False") or node.value in self.loop.host_targets:
                return True
            alias = self.loop.aliases.get(node.value)
            if alias is not None:
                return self.known_host(alias)
            return self.loop.ctx.kind(node) is HOST and node.value not in self.loop.targets
        if isinstance(node, (cst.BinaryOperation,)):
            return self.known_host(node.left) and self.known_host(node.right)
        if isinstance(node, cst.UnaryOperation):
            return self.known_host(node.expression)
        if isinstance(node, cst.Attribute):
            return self.metadata(node)
        if isinstance(node, cst.Subscript):
            return isinstance(node.value, cst.Attribute) and node.value.attr.value == "shape" \
                and self.loop.is_device(node.value.value)
        if isinstance(node, cst.Call):
            method = _method(node)
            if method is not None and method[1] in _METADATA_CALLS:
                return self.loop.is_device(method[0])
            if isinstance(node.func, cst.Name) and node.func.value == "len" \
                    and not self.loop.ctx.bound("len"):
                return True
        return False

    def metadata(self, node: cst.Attribute) -> bool:
        """Tensor metadata, a host value that reading never syncs: `p.is_meta`, `p.dtype`,
        `p.device.type`, or a dtype constant (`torch.float32`)."""
        if self.loop.is_device(node.value) and node.attr.value in HOST_ATTRIBUTES:
            return True
        if isinstance(node.value, cst.Attribute) and node.value.attr.value == "device" \
                and node.attr.value in ("type", "index") and self.loop.is_device(node.value.value):
            return True
        qualified = self.loop.ctx.imports.qualify(node)
        return qualified is not None and qualified.startswith("torch.") \
            and qualified[6:] in DTYPE_NAMES

    def host_pure(self, node: cst.CSTNode) -> bool:
        """A test that reads host values only, with no effects."""
        if isinstance(node, cst.BaseExpression) and self.loop.is_device(node):
            return False
        if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString,
                             cst.ConcatenatedString)):
            return True
        if isinstance(node, cst.Attribute):
            if self.metadata(node):
                return True
            return self.host_pure(node.value) if not self.loop.is_device(node.value) \
                else node.attr.value in ("grad", "data")
        if isinstance(node, cst.Comparison):
            return self.operand_pure(node.left) and all(
                self.operand_pure(t.comparator) for t in node.comparisons)
        if isinstance(node, (cst.BooleanOperation,)):
            return self.host_pure(node.left) and self.host_pure(node.right)
        if isinstance(node, cst.BinaryOperation):
            return self.known_host(node)
        if isinstance(node, cst.UnaryOperation):
            return self.host_pure(node.expression)
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return all(self.host_pure(e.value) for e in node.elements)
        if isinstance(node, cst.Subscript):
            return self.operand_pure(node.value) and all(
                isinstance(e.slice, cst.Index) and self.host_pure(e.slice.value)
                for e in node.slice)
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name):
                ok = func.value in _HOST_GUARD_CALLS \
                    and not self.loop.ctx.bound(func.value)
            elif isinstance(func, cst.Attribute):
                ok = (func.attr.value in _HOST_GUARD_METHODS
                      or func.attr.value in _METADATA_CALLS and self.loop.is_device(func.value)) \
                    and self.operand_pure(func.value)
            else:
                ok = False
            return ok and all(self.operand_pure(a.value) for a in node.args)
        return False

    def operand_pure(self, node: cst.BaseExpression) -> bool:
        """An operand of a host test: may be a tensor (`p.grad is None`) but no effects."""
        if self.loop.is_device(node):
            return self.pure(node) and not self.has_sync(node)
        return self.host_pure(node)

    def has_sync(self, node: cst.CSTNode) -> bool:
        """The expression reads device data on the host somewhere: a host read, or an
        operation whose result's shape depends on the data (`.nonzero()`, `t[mask]`)."""
        if isinstance(node, cst.Call):
            method = self.loop.meth(node)
            name = method[1] if method is not None else (
                (self.loop.ctx.imports.qualify(node.func) or "").rsplit(".", 1)[-1])
            if name in _SYNCING_OPS:
                return True
            if name == "where" and len(node.args) == 1:
                return True
        if isinstance(node, cst.Subscript) and self.loop.is_device(node.value):
            for element in node.slice:
                index = element.slice
                if isinstance(index, cst.Index) and self.shapes.bool_tensor(index.value):
                    return True
        return any(self.has_sync(child) for child in node.children)

    def pure(self, node: cst.CSTNode) -> bool:
        """A tensor expression with no effects (torch ops, tensor methods, attributes)."""
        if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(node, cst.Attribute):
            return self.pure(node.value)
        if isinstance(node, (cst.BinaryOperation,)):
            return self.pure(node.left) and self.pure(node.right)
        if isinstance(node, cst.UnaryOperation):
            return not isinstance(node.operator, cst.Not) and self.pure(node.expression)
        if isinstance(node, cst.Comparison):
            return self.pure(node.left) and all(
                self.pure(t.comparator) for t in node.comparisons)
        if isinstance(node, (cst.Tuple, cst.List)):
            return all(self.pure(e.value) for e in node.elements)
        if isinstance(node, cst.Subscript):
            return self.pure(node.value) and all(
                isinstance(e.slice, cst.Index) and self.pure(e.slice.value)
                for e in node.slice)
        if isinstance(node, cst.Call):
            if not all(self.pure(arg.value) for arg in node.args):
                return False
            func = node.func
            qualified = self.loop.ctx.imports.qualify(func)
            if qualified is not None:
                parts = qualified.split(".")
                return (parts[0] == "torch" and not parts[-1].endswith("_")
                        and (len(parts) == 2 or parts[1] in ("linalg", "special"))
                        and parts[-1] not in ("manual_seed", "save", "load")
                        and parts[-1] not in _RANDOM_OPS)
            if isinstance(func, cst.Attribute):
                name = func.attr.value
                if name.endswith("_") or name in _EFFECTFUL_METHODS or name in _RANDOM_OPS:
                    return False
                if name == "to" and any(self.cpu(arg.value) for arg in node.args):
                    return False
                receiver = self.loop.ctx.kind(func.value)
                return (receiver in DEVICE_TENSORS or receiver is UNKNOWN) and self.pure(
                    func.value)
            if isinstance(func, cst.Name):
                return func.value in ("abs", "len") and not self.loop.ctx.bound(func.value)
        return False

    def total(self, node: cst.CSTNode, facts: frozenset[str]) -> bool:
        """The expression cannot raise: its reads exist and its ops accept any tensor."""
        if isinstance(node, cst.Name):
            return self.loop.is_device(node) or node.value in self.loop.aliases
        if isinstance(node, (cst.Integer, cst.Float)):
            return True
        if isinstance(node, cst.Attribute):
            if node.attr.value == "data":
                return self.total(node.value, facts)
            if node.attr.value == "grad":
                return _code(self.loop.substituted(node)) in facts and self.total(node.value, facts)
            return False
        if isinstance(node, cst.Comparison):
            return self.total(node.left, facts) and all(
                isinstance(t.comparator, (cst.Integer, cst.Float)) for t in node.comparisons)
        if isinstance(node, cst.Call):
            method = self.loop.meth(node)
            if method is not None:
                return not node.args and method[1] in _TOTAL and self.total(method[0], facts)
            qualified = self.loop.ctx.imports.qualify(node.func)
            if qualified is not None and qualified.startswith("torch.") and len(node.args) == 1:
                return qualified[6:] in _TOTAL and self.total(node.args[0].value, facts)
        return False

    @staticmethod
    def long_display(iterable: cst.BaseExpression) -> bool:
        """`[(mask, "a"), (~mask, "b")]`: a display too long to repeat in both passes
        (binding it evaluates it once, as the loop did)."""
        return isinstance(iterable, (cst.List, cst.Tuple)) and len(_code(iterable)) > 30

    def known_sequence(self, iterable: cst.BaseExpression) -> bool:
        """A name bound once in its function to a list or tuple (by annotation or value),
        or only to tensors made by torch (iterating one twice gives the same rows)."""
        if not isinstance(iterable, cst.Name):
            return False
        if self.shapes.one_tensor_cut(iterable):
            return True
        function = next((node for node in reversed(self.loop.ancestors)
                         if isinstance(node, cst.FunctionDef)), None)
        if function is None:
            return False
        name = iterable.value
        bindings: list[cst.BaseExpression | None] = []
        for param in (*function.params.params, *function.params.kwonly_params,
                      *function.params.posonly_params):
            if param.name.value == name:
                annotation = param.annotation.annotation if param.annotation else None
                bindings.append(annotation if _sequence_annotation(annotation) else None)
        for node in _walk_scope(function.body):
            if isinstance(node, cst.Assign):
                if any(name in _bound_names(t.target) for t in node.targets):
                    simple = len(node.targets) == 1 and isinstance(node.targets[0].target,
                                                                   cst.Name)
                    bindings.append(node.value if simple and _sequence_value(node.value)
                                    else None)
            elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.AsName,
                                   cst.NamedExpr, cst.CompFor)):
                target = node.name if isinstance(node, cst.AsName) else node.target
                if name in _bound_names(target):
                    bindings.append(None)
            elif isinstance(node, (cst.Global, cst.Nonlocal)):
                if any(n.name.value == name for n in node.names):
                    return False
        return bool(bindings) and all(binding is not None for binding in bindings)

    def collection(self, iterable: cst.BaseExpression) -> bool:
        """A finite iterable that the fix may iterate twice and read in full without
        changing anything: literals, `range`, `.parameters()`, dict views, names bound
        only to lists or tuples, tensors, and `zip`/`enumerate`/... of those."""
        if isinstance(iterable, (cst.List, cst.Tuple)):
            return True
        if isinstance(iterable, (cst.Name, cst.Attribute)) and _simple(iterable) \
                and self.loop.is_device(iterable):
            # A tensor (or, where only an annotation says so, a list of tensors): iterated
            # twice, it gives the same rows.
            return True
        method = _method(iterable)
        if method is not None and method[1] in _COLLECTION_METHODS and (
                _simple(method[0]) or self.collection(method[0])):
            return True
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) \
                and not self.loop.ctx.bound(iterable.func.value):
            name = iterable.func.value
            if name == "range":
                # Evaluated twice: its arguments must be free of effects.
                return all(_effect_free(arg.value) for arg in iterable.args)
            if name in ("zip", "enumerate", "reversed", "sorted", "list", "tuple"):
                return all(self.collection(arg.value) or _simple(arg.value)
                           and isinstance(arg.value, cst.Integer)
                           for arg in iterable.args)
        return self.known_sequence(iterable)
