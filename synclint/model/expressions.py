"""How the evaluation reads expressions that are not calls, and annotations."""

from __future__ import annotations

import ast

from synclint.analysis.kinds import (
    BOOL_TENSOR,
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    MODULE,
    NUMPY,
    TENSOR,
    TENSORS,
    UNKNOWN,
    Instance,
    Kind,
    Seq,
    Tup,
    elem_of,
    item_of,
    join,
)
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.analysis.torch_api import (
    HOST_ATTRIBUTES,
    TENSOR_ATTRIBUTES,
)
from synclint.model.flow import _UNKNOWN_VALUE, Flow, Value
from synclint.model.index import _parse_annotation
from synclint.model.kindops import _combine
from synclint.model.summaries import SYNC_READ, SYNC_SHAPE
from synclint.model.syntax import _dotted, _is_none, _is_self


class Expressions(Flow):
    """Expression evaluators; calls are `Calls`'s."""

    def _name(self, node: ast.Name) -> Value:
        value = self.env.get(node.id)
        if value is not None:
            return value
        if node.id in ("True", "False", "None"):
            return (HOST, None)
        return _UNKNOWN_VALUE

    def _constant(self, node: ast.Constant) -> Value:
        return (HOST, None)

    def _attribute(self, node: ast.Attribute) -> Value:
        if _is_self(node.value):
            owner = self.function.class_key
            assigned = self.self_kinds.get(node.attr)
            if assigned is not None:
                return (assigned, None)  # set earlier in this method
            if owner is not None:
                self.attribute_reads.add(owner)
                for cls in self.project._mro(owner):
                    kind = cls.attributes.get(node.attr)
                    if kind is not None:
                        return (kind, None)
            return _UNKNOWN_VALUE
        dotted = _dotted(node)
        if dotted is not None and self._qualified(dotted).startswith("torch."):
            return (HOST, None)
        base = self.expr(node.value)
        if isinstance(base[0], Instance):
            # `scheduler.sigmas` of a parameter annotated `scheduler: Scheduler`: the
            # attribute's kind in that class, as `self.sigmas` has in its methods.
            self.attribute_reads.add(base[0].cls)
            for cls in self.project._mro(base[0].cls):
                kind = cls.attributes.get(node.attr)
                if kind is not None:
                    return (kind, None)
            return _UNKNOWN_VALUE
        if node.attr == "grad":
            return (TENSOR, base[1])
        if node.attr in HOST_ATTRIBUTES or node.attr in ("shape", "dtype", "device", "ndim"):
            return (HOST, None)
        if base[0] in TENSORS and node.attr in TENSOR_ATTRIBUTES:
            return base
        if isinstance(base[0], MappingKind) and base[0].value in (HOST_TENSOR, NUMPY):
            return (base[0].value, None)  # `inputs.attention_mask` of a tokenizer's output
        return _UNKNOWN_VALUE

    def _subscript(self, node: ast.Subscript) -> Value:
        base = self.expr(node.value)
        index = self.expr(node.slice)
        kind = base[0]
        if kind in TENSORS:
            if index[0] is BOOL_TENSOR and kind in DEVICE_TENSORS:
                self._effect(SYNC_SHAPE, node, "boolean-mask indexing", base, "tensor")
            return (BOOL_TENSOR if kind is BOOL_TENSOR else kind, base[1])
        position = node.slice.value if isinstance(node.slice, ast.Constant) else None
        if isinstance(kind, (Seq, Tup, MappingKind)):
            return (item_of(kind, position if isinstance(position, int) else None), None)
        return (HOST, None) if kind is HOST else _UNKNOWN_VALUE

    def _compare(self, node: ast.Compare) -> Value:
        values = [self.expr(node.left)] + [self.expr(c) for c in node.comparators]
        if any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops):
            return (HOST, None)
        if any(isinstance(c, ast.Constant) and isinstance(c.value, str)
               for c in [node.left, *node.comparators]):
            return (HOST, None)
        kinds = [v[0] for v in values]
        param = next((v[1] for v in values if v[1] is not None), None)
        if any(k in DEVICE_TENSORS for k in kinds):
            return (BOOL_TENSOR, param)
        if all(k is HOST for k in kinds):
            return (HOST, None)
        if any(k is HOST_TENSOR for k in kinds):
            return (HOST_TENSOR, None)  # a CPU tensor compared: a CPU mask
        if any(k is NUMPY for k in kinds):
            return (NUMPY, None)
        return (UNKNOWN, param)

    def _binop(self, node: ast.BinOp) -> Value:
        left, right = self.expr(node.left), self.expr(node.right)
        param = left[1] if left[1] is not None else right[1]
        kind = _combine(left[0], right[0])
        if isinstance(node.op, (ast.BitAnd, ast.BitOr)) and BOOL_TENSOR in (left[0], right[0]):
            kind = BOOL_TENSOR
        return (kind, param if kind in TENSORS or kind is UNKNOWN else None)

    def _unary(self, node: ast.UnaryOp) -> Value:
        if isinstance(node.op, ast.Not):
            self._test(node.operand)
            return (HOST, None)
        return self.expr(node.operand)

    def _boolop(self, node: ast.BoolOp) -> Value:
        values = [self.expr(v) for v in node.values]
        kind = values[0][0]
        for value in values[1:]:
            kind = join(kind, value[0])
        return (kind, None)

    def _ifexp(self, node: ast.IfExp) -> Value:
        self._test(node.test)
        return (join(self.expr(node.body)[0], self.expr(node.orelse)[0]), None)

    def _sequence(self, node: ast.List | ast.Set) -> Value:
        kinds = [self.expr(e)[0] for e in node.elts]
        kind = kinds[0] if kinds else UNKNOWN
        for other in kinds[1:]:
            kind = join(kind, other)
        return (Seq(kind), None)

    def _tuple(self, node: ast.Tuple) -> Value:
        return (Tup(tuple(self.expr(e)[0] for e in node.elts)), None)

    def _dict(self, node: ast.Dict) -> Value:
        keys = [self.expr(k)[0] for k in node.keys if k is not None]
        values = [self.expr(v)[0] for v in node.values]
        key_kind = keys[0] if keys else UNKNOWN
        value_kind = values[0] if values else UNKNOWN
        for other in keys[1:]:
            key_kind = join(key_kind, other)
        for other in values[1:]:
            value_kind = join(value_kind, other)
        return (MappingKind(key_kind, value_kind), None)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
                       ) -> Value:
        saved = dict(self.env)
        for generator in node.generators:
            iterable = self.expr(generator.iter)
            self._bind(generator.target, (elem_of(iterable[0]), None), None)
            self.conditional += 1
            for condition in generator.ifs:
                self._test(condition)
            self.conditional -= 1
        if isinstance(node, ast.DictComp):
            result: Value = (MappingKind(self.expr(node.key)[0], self.expr(node.value)[0]), None)
        else:
            result = (Seq(self.expr(node.elt)[0]), None)
        self.env = saved
        return result

    def _lambda(self, node: ast.Lambda) -> Value:
        return _UNKNOWN_VALUE

    def _named(self, node: ast.NamedExpr) -> Value:
        value = self.expr(node.value)
        self._bind(node.target, value, node.value)
        return value

    def _joined(self, node: ast.JoinedStr) -> Value:
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                value = self.expr(part.value)
                if value[0] in DEVICE_TENSORS:
                    self._effect(SYNC_READ, part.value, "a tensor formatted in an f-string",
                                 value, "tensor")
        return (HOST, None)


    # -- helpers ------------------------------------------------------------------------
    def _qualified(self, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        full = self.module.imports.get(head)
        if full is None:
            return dotted if head == "torch" else f"?{dotted}"
        return f"{full}.{rest}" if rest else full

    def _parameter(self, node: ast.expr) -> Kind:
        """A parameter's kind from its annotation: as `_annotation` reads it, or an
        instance of the project class it names (`scheduler: Scheduler | None`)."""
        kind = self._annotation(node)
        if kind is not UNKNOWN:
            return kind
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            parsed = _parse_annotation(node.value)
            return self._parameter(parsed) if parsed is not None else UNKNOWN
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            if _is_none(node.left):
                return self._parameter(node.right)
            if _is_none(node.right):
                return self._parameter(node.left)
            return UNKNOWN
        if isinstance(node, ast.Subscript) and (_dotted(node.value) or "").rsplit(".", 1)[-1] \
                == "Optional":
            return self._parameter(node.slice)
        dotted = _dotted(node)
        key = self.project._name_key(self.module, dotted) if dotted is not None else None
        if key is not None and key in self.project.classes:
            return Instance(key)
        return UNKNOWN

    def _annotation(self, node: ast.expr | None) -> Kind:
        if node is None:
            return UNKNOWN
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            parsed = _parse_annotation(node.value)
            return self._annotation(parsed) if parsed is not None else UNKNOWN
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            left, right = self._annotation(node.left), self._annotation(node.right)
            if _is_none(node.left):
                return right
            if _is_none(node.right):
                return left
            return join(left, right)
        if isinstance(node, ast.Subscript):
            base = _dotted(node.value) or ""
            base = base.rsplit(".", 1)[-1]
            inner_nodes = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            inner = [self._annotation(n) for n in inner_nodes]
            if base in ("Optional", "Final", "Annotated") and inner:
                return inner[0]
            ellipsis = any(isinstance(n, ast.Constant) and n.value is Ellipsis
                           for n in inner_nodes)
            if base in ("tuple", "Tuple") and len(inner) > 1 and not ellipsis:
                return Tup(tuple(inner))  # tuple[Tensor, Tensor, int]
            if base in ("list", "List", "Sequence", "Iterable", "Iterator", "tuple", "Tuple",
                        "set", "Set") and inner:
                kinds = [kind for kind, n in zip(inner, inner_nodes)
                         if not (isinstance(n, ast.Constant) and n.value is Ellipsis)]
                element = kinds[0] if kinds else UNKNOWN
                for other in kinds[1:]:
                    element = join(element, other)
                return Seq(element)
            if base in ("dict", "Dict", "Mapping", "MutableMapping") and len(inner) == 2:
                return MappingKind(inner[0], inner[1])
            return UNKNOWN
        dotted = _dotted(node)
        if dotted is None:
            return UNKNOWN
        qualified = self._qualified(dotted)
        if qualified in ("torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter",
                         "torch.FloatTensor"):
            return TENSOR
        if qualified in ("torch.nn.Module",):
            return MODULE
        if dotted in ("int", "float", "bool", "str"):
            return HOST
        return UNKNOWN
