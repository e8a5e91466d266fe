"""How the evaluation reads expressions that are not calls, and annotations.

A value is a tensor when the code proves it (torch calls, tensor methods, `.grad`,
annotations), UNKNOWN otherwise; a tensor made on the CPU is a HOST_TENSOR. After a
test such as `isinstance(x, torch.Tensor)` a name (or an expression, by its code) has
the kind the test proves in each branch (`narrowing.py`).
"""

from __future__ import annotations

import ast

from synclint import knowledge
from synclint.analysis import library
from synclint.analysis.kinds import (
    BOOL_TENSOR,
    DEVICE_TENSORS,
    F64_TENSOR,
    HOST,
    HOST_TENSOR,
    HOST_VALUES,
    MODULE,
    NUMPY,
    TENSOR,
    TENSORS,
    UNKNOWN,
    Instance,
    Kind,
    Seq,
    Simple,
    Tup,
    elem_of,
    item_of,
    join,
    join_all,
)
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.analysis.torch_api import (
    HOST_ATTRIBUTES,
    TENSOR_ATTRIBUTES,
)
from synclint.knowledge.torch import LEGACY_TENSOR_ANNOTATIONS
from synclint.model import syntax
from synclint.model.device_params import tested_operand
from synclint.model.duck import duck_attribute
from synclint.model.flow import _UNKNOWN_VALUE, Flow, Model, Value, narrowed_by
from synclint.model.host_arrays import host_array_names, is_host_array, proved_name
from synclint.model.host_data import dataset_named, host_sample
from synclint.model.index import _parse_annotation
from synclint.model.narrowing import EXPRESSION, code_of
from synclint.model.stored import item_key
from synclint.model.summaries import SYNC_READ, SYNC_SHAPE
from synclint.model.syntax import (
    MAPPING_ANNOTATIONS,
    OPTIONAL_ANNOTATIONS,
    SEQUENCE_ANNOTATIONS,
    SEQUENCE_DISPLAYS,
    _dotted,
    _is_none,
    _is_self,
)


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
        return _UNKNOWN_VALUE if node.value is Ellipsis else (HOST, None)

    def _attribute(self, node: ast.Attribute) -> Value:
        narrowed = self._narrowed_expression(node)
        if narrowed is not None:
            self.expr(node.value)
            return (narrowed, None)
        if _is_self(node.value):
            self._record_name(node.value)
            owner = self.function.class_key
            if owner is not None:
                read = self._property_read(node, owner)
                if read is not None:
                    return read
            assigned = self.self_kinds.get(node.attr)
            if assigned is not None:
                return (assigned, None)  # set earlier in this method
            if owner is not None:
                self.attribute_reads.add(owner)
                for cls in self.project._mro(owner):
                    kind = cls.attributes.get(node.attr)
                    if kind is not None:
                        return (kind, None)
                self.missing_reads.add((owner, node.attr))
            known = library.attribute_result(UNKNOWN, node.attr, name="self",
                                             self_bases=self.self_bases) \
                if node.attr in knowledge.ATTRIBUTE_NAMES else None
            return (known, None) if known is not None else _UNKNOWN_VALUE
        dotted = _dotted(node)
        if dotted is not None and self._qualified(dotted).startswith("torch."):
            self._record_chain(node.value)
            return (HOST, None)  # torch.float32, torch.cuda ...: host objects
        base = self.expr(node.value)
        attr = node.attr
        if isinstance(base[0], Instance):
            read = self._property_read(node, base[0].cls)
            if read is not None:
                return read
        known = library.attribute_result(base[0], attr, name=library.ast_name(node.value),
                                         roots=self.roots) or duck_attribute(self, node, base[0])
        if known is not None:
            return (known, None)
        if attr == "grad":
            # A gradient lives where its parameter does (a CPU parameter's on the CPU).
            return (base[0] if base[0] in (F64_TENSOR, HOST_TENSOR) else TENSOR, base[1])
        if isinstance(base[0], Instance):
            # `scheduler.sigmas` of `scheduler: Scheduler`: as `self.sigmas` is there.
            self.attribute_reads.add(base[0].cls)
            for cls in self.project._mro(base[0].cls):
                kind = cls.attributes.get(attr)
                if kind is not None:
                    return (kind, None)
            self.missing_reads.add((base[0].cls, attr))
            return _UNKNOWN_VALUE
        if base[0] in TENSORS:
            if attr in HOST_ATTRIBUTES:
                return (HOST, None)
            if attr in TENSOR_ATTRIBUTES:
                return base
            if base[0] is HOST_TENSOR:
                # A field torch tensors lack, of an object `.cpu()` moved to the host
                # (`boxes = results.boxes.cpu()`; `boxes.cls`): on the host too.
                return (HOST_TENSOR, None)
            return _UNKNOWN_VALUE
        if attr in ("shape", "dtype", "device", "ndim"):
            # Host metadata on whatever has it (tensors, arrays): never a device value.
            return (HOST, None)
        if isinstance(base[0], MappingKind) and base[0].value in (HOST_TENSOR, NUMPY):
            # A tokenizer's output (`BatchEncoding`): fields are attributes too.
            return (base[0].value, None)
        return _UNKNOWN_VALUE

    def _subscript(self, node: ast.Subscript) -> Value:
        narrowed = self._narrowed_expression(node)
        base = self.expr(node.value)
        index = self.expr(node.slice)
        if narrowed is not None:
            return (narrowed, None)
        key = item_key(node) if self.stored else None
        stored = self.stored.get(key) if key is not None else None
        if stored is not None and stored is not UNKNOWN:
            return (stored, None)  # stored under this key earlier in the block
        kind = base[0]
        if isinstance(kind, Instance):
            item = library.item_result(kind, library.ast_key(node), index[0])
            if item is None and ":" in kind.cls:
                item = host_sample(self, kind.cls)
            return (item, None) if item is not None else _UNKNOWN_VALUE
        if kind is UNKNOWN and dataset_named(node.value) and \
                not isinstance(node.slice, ast.Slice):
            return (HOST_TENSOR, None)  # `sample = dataset[idx]` in a dataset utility
        if isinstance(kind, Simple):
            if kind in TENSORS:
                if index[0] is BOOL_TENSOR and kind in DEVICE_TENSORS:
                    self._effect(SYNC_SHAPE, node, "boolean-mask indexing", base, "tensor")
                return (BOOL_TENSOR if kind is BOOL_TENSOR else kind, base[1])
            if kind in (NUMPY, HOST):
                return (kind, None)
            # `out["loss"]` of an unknown parameter: an element of whatever each caller
            # passes (`argument_syncs` judges a container argument by its elements).
            return (UNKNOWN, base[1])
        if isinstance(node.slice, ast.Slice) and isinstance(kind, (Seq, Tup)):
            return (Seq(elem_of(kind)), None)
        item = item_of(kind, _literal_int(node.slice))
        return (item, base[1] if item is UNKNOWN or item in TENSORS else None)  # fresh16 F1

    def _compare(self, node: ast.Compare) -> Value:
        return _compared(node, [self.expr(node.left)] + [self.expr(c) for c in node.comparators])

    def _binop(self, node: ast.BinOp) -> Value:
        left, right = self.expr(node.left), self.expr(node.right)
        count = repeat_count(left[0], right[0], node.op)
        if count is not None:
            # `[w] * (n // w)` of a 0-d tensor: the count is read on the host (`__index__`).
            value = right if count == "right" else left
            shown = node.left if count == "right" else node.right
            if value[0] in DEVICE_TENSORS and isinstance(shown, SEQUENCE_DISPLAYS):
                self._effect(SYNC_READ, node, "a list repeated by a tensor count", value, "tensor")
        param = left[1] if left[1] is not None else right[1]
        if HOST_TENSOR in (left[0], right[0]) and (
                left[0] in DEVICE_TENSORS or right[0] in DEVICE_TENSORS) and \
                _on_host_by_arithmetic(self, node, left, right):
            return (HOST_TENSOR, param)
        kind = combine(left[0], right[0], node.op)
        return (kind, param if kind in TENSORS or kind is UNKNOWN else None)

    def _unary(self, node: ast.UnaryOp) -> Value:
        if isinstance(node.op, ast.Not):
            self._test(node.operand)
            return (HOST, None)
        operand = self.expr(node.operand)
        kind = operand[0]
        return operand if kind in TENSORS or kind in (HOST, NUMPY) else (UNKNOWN, operand[1])

    def _boolop(self, node: ast.BoolOp) -> Value:
        # `isinstance(v, Tensor) and v.item()`: an operand runs only if those before it
        # held (`and`) or failed (`or`).
        # Python tests every operand but the last as a bool, whatever the context
        # (`exists = area > 0 and other > 0` syncs on `area > 0` when it is a tensor).
        kind: Kind | None = None
        param: int | None = None
        narrowed: list[dict[str, Kind]] = []
        for position, operand in enumerate(node.values):
            with narrowed_by(self, narrowed):
                value = self.expr(operand)
                if position < len(node.values) - 1:
                    value = tested_operand(self, node.op, operand, value)
            kind = value[0] if kind is None else join_classes(self.project, kind, value[0])
            # A value made from a parameter stays one (what it is depends on the caller).
            param = value[1] if param is None else param
            holds, fails = self._narrowings(operand)
            narrowed.append(holds if isinstance(node.op, ast.And) else fails)
        return (kind if kind is not None else UNKNOWN, param)

    def _sequence(self, node: ast.List | ast.Set) -> Value:
        data = data_kind(node)
        if data is not None:
            return (data, None)
        return (Seq(join_all([self._element(e) for e in node.elts])), None)

    def _tuple(self, node: ast.Tuple) -> Value:
        data = data_kind(node)
        if data is not None:
            return (data, None)
        if any(isinstance(e, ast.Starred) for e in node.elts):
            return (Seq(join_all([self._element(e) for e in node.elts])), None)
        return (Tup(tuple(self.expr(e)[0] for e in node.elts)), None)

    def _element(self, node: ast.expr) -> Kind:
        if isinstance(node, ast.Starred):
            return elem_of(self.expr(node)[0])
        return self.expr(node)[0]

    def _starred(self, node: ast.Starred) -> Value:
        return self.expr(node.value)

    def _dict(self, node: ast.Dict) -> Value:
        data = data_kind(node)
        if data is not None:
            return (data, None)
        keys: list[Kind] = []
        values: list[Kind] = []
        for key, value in zip(node.keys, node.values):
            if key is None:
                self.expr(value)  # `**other`
                continue
            keys.append(self.expr(key)[0])
            values.append(self.expr(value)[0])
        return (MappingKind(join_all(keys), join_all(values)), None)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
                       ) -> Value:
        saved = dict(self.env)
        for generator in node.generators:
            iterable = self.expr(generator.iter)
            self._bind(generator.target, (elem_of(iterable[0]), element_source(iterable)), None)
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
        """Its body runs when called, not here: evaluated for what rules ask of it, with
        its parameters unknown and nothing it does counted as this function's. A lambda
        given to `map`, `filter` or as a `key=` (`element_lambdas`) runs here, once per
        element, with its parameters bound to the elements' kinds."""
        saved = dict(self.env)
        arguments = node.args
        elements = self.element_lambdas.pop(id(node), None)
        for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                    *(a for a in (arguments.vararg, arguments.kwarg) if a is not None)):
            self.env[arg.arg] = _UNKNOWN_VALUE
        if elements is not None:
            for arg, kind in zip((*arguments.posonlyargs, *arguments.args), elements):
                self.env[arg.arg] = (kind, None)
        for default in (*arguments.defaults, *(d for d in arguments.kw_defaults if d)):
            self.expr(default)
        cold, looped = (1, 0) if elements is None else (0, 1)
        self.cold += cold
        self.loops += looped
        self.conditional += 1
        try:
            self.expr(node.body)
        finally:
            self.cold -= cold
            self.loops -= looped
            self.conditional -= 1
            self.env = saved
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
                elif value[0] is UNKNOWN and value[1] is not None:
                    self._effect(SYNC_READ, part.value, "a value formatted in an f-string",
                                 value, "value")
                if part.format_spec is not None:
                    self.expr(part.format_spec)
        return (HOST, None)

    def _property_read(self, node: ast.Attribute, cls: str) -> Value | None:
        """A read of a property of the project class `cls`: `Calls` reads it as a call of
        the getter."""
        raise NotImplementedError

    def _narrowed_expression(self, node: ast.expr) -> Kind | None:
        """The kind a test proved for this expression's code (`isinstance(params[k], ...)`)."""
        if not self.narrowed_expressions:
            return None
        return self.narrowed_expressions.get(EXPRESSION + code_of(node))

    # -- names the evaluation reads without evaluating (so rules can ask of them) -----------
    def _record_chain(self, node: ast.expr) -> None:
        """`torch` and `torch.nn` in `torch.nn.functional`: unknown objects to the model."""
        while isinstance(node, ast.Attribute):
            self._record(node, HOST)
            node = node.value
        if isinstance(node, ast.Name):
            self._record_name(node)

    def _record_name(self, node: ast.expr) -> None:
        if isinstance(node, ast.Name):
            self._record(node, self._name(node)[0])

    # -- helpers ------------------------------------------------------------------------
    def _qualified(self, dotted: str) -> str:
        if self.absolute_names:
            return dotted
        head, _, rest = dotted.partition(".")
        if self._shadowed(head):
            return f"?{dotted}"  # a local value shadows the import
        full = self.module.imports.get(head)
        if full is None:
            return dotted if head == "torch" else f"?{dotted}"
        return f"{full}.{rest}" if rest else full

    def _parameter(self, node: ast.expr) -> Kind:
        """A parameter's kind from its annotation: as `_annotation` reads it, or an
        instance of the project class it names (`scheduler: Scheduler | None`)."""
        kind = self._annotation(node)
        if kind == Seq(UNKNOWN) and isinstance(node, ast.Subscript) and \
                not isinstance(node.slice, ast.Tuple):
            # `transforms: list[Transform]`: its elements are objects of the project class.
            elem = self._parameter(node.slice)
            return Seq(elem) if isinstance(elem, Instance) else kind
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

    def _annotation(self, node: ast.expr | None, unions: bool = True) -> Kind:
        if node is None:
            return UNKNOWN
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            parsed = _parse_annotation(node.value)
            return self._annotation(parsed, unions) if parsed is not None else UNKNOWN
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            left, right = self._annotation(node.left, unions), self._annotation(node.right,
                                                                             unions)
            if _is_none(node.left):
                return right
            if _is_none(node.right):
                return left
            union = library.union((left, right)) if unions else None
            return union if union is not None else join(left, right)
        if isinstance(node, ast.Subscript):
            base = (_dotted(node.value) or "").rsplit(".", 1)[-1]
            inner_nodes = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            inner = [self._annotation(n, unions) for n in inner_nodes]
            if base in OPTIONAL_ANNOTATIONS and inner:
                return inner[0]
            if base == "Union" and inner:
                real = [k for k, n in zip(inner, inner_nodes) if not _is_none(n)]
                union = library.union(real) if unions else None
                return union if union is not None else join_all(real)
            fixed = not any(isinstance(n, ast.Constant) and n.value is Ellipsis
                            for n in inner_nodes)
            if base in ("tuple", "Tuple") and inner and fixed:
                # tuple[Tensor, int]; tuple[int] (often "ints"): a tuple, never a list
                return Tup(tuple(inner))
            if base in SEQUENCE_ANNOTATIONS and inner:
                return Seq(join_all([k for k in inner if k is not UNKNOWN] or [UNKNOWN]))
            if base in MAPPING_ANNOTATIONS and len(inner) == 2:
                return MappingKind(inner[0], inner[1])
            return UNKNOWN
        dotted = _dotted(node)
        if dotted is None:
            return UNKNOWN
        qualified = self._qualified(dotted)
        if qualified in ("torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter"):
            return TENSOR
        legacy = LEGACY_TENSOR_ANNOTATIONS.get(qualified)
        if legacy is not None:
            return legacy  # `torch.LongTensor`: a tensor on any device, as transformers means
        if qualified in ("torch.nn.Module", "torch.nn.modules.module.Module"):
            return MODULE
        if qualified in ("numpy.ndarray", "numpy.typing.NDArray"):
            return NUMPY
        if dotted in ("int", "float", "bool", "str", "bytes", "complex"):
            return HOST
        found = knowledge.annotation_kind(qualified)
        if found is None:
            found = self._aliased(dotted, unions)
        return found if found is not None else UNKNOWN

    def _aliased(self, dotted: str, unions: bool) -> Kind | None:
        """The kind a project type alias (`OptTensor = Optional[Tensor]`) stands for, or
        None when `dotted` names none (`aliases.py`)."""
        if self.absolute_names or self._shadowed(dotted.partition(".")[0]):
            return None
        text = self.project.type_alias(self.module, dotted)
        node = _parse_annotation(text) if text is not None else None
        if node is None:
            return None
        self.absolute_names = True
        try:
            return self._annotation(node, unions)
        finally:
            self.absolute_names = False


def if_expression(evaluation: Expressions, node: ast.IfExp) -> Value:
    """`a if test else b`: each branch with what the test proves, as under an `if`."""
    evaluation._test(node.test)
    holds, fails = evaluation._narrowings(node.test)
    # Each branch runs on some calls only, as under an `if` statement: a sync there is
    # not one every call makes (`torch.stack(reads).tolist() if alike else [...]`).
    evaluation.conditional += 1
    try:
        with narrowed_by(evaluation, [holds]):
            body = evaluation.expr(node.body)
        with narrowed_by(evaluation, [fails]):
            orelse = evaluation.expr(node.orelse)
    finally:
        evaluation.conditional -= 1
    # `~valid if valid is not None else None`: the value or None, as `Optional[...]`
    # reads; after `is not None` it is the value.
    if _is_none(node.orelse):
        return (body[0], None)
    if _is_none(node.body):
        return (orelse[0], None)
    for display, shown, other in ((node.orelse, orelse[0], body[0]),
                                  (node.body, body[0], orelse[0])):
        items = _placeholders(display, shown, other)
        if items is not None:
            return (items, None)
    # `torch.tensor(i == 0) if isinstance(i, int) else i == 0`: where one branch is a host
    # value, the other's tie to a parameter stays (what the caller passes decides).
    # (A host value's own tie, `temperature if temperature > 0 else 1.0`, is not kept: it
    # would make what it is combined with a test of `temperature`.)
    # Only a tensor branch's tie: `x.item() if isinstance(x, Tensor) else x` (torch's
    # `_get_value`) is never the tensor a caller passes.
    param = body[1] if orelse[1] is None and orelse[0] in HOST_VALUES and \
        body[0] in DEVICE_TENSORS else orelse[1] if body[1] is None and \
        body[0] in HOST_VALUES and orelse[0] in DEVICE_TENSORS else None
    if {body[0], orelse[0]} == {HOST_TENSOR, HOST}:
        return (HOST_TENSOR, param)  # a CPU tensor or a Python value: on the host either way
    return (join(body[0], orelse[0]), param)



def _placeholders(display: ast.expr, shown: Kind, other: Kind) -> Tup | None:
    """`f() if c else (None, None)`: each `None` of a tuple display stands for "none
    given", as a lone `None` does: that item is the other branch's (what unpacking the
    result then reads); the display's other items join with theirs."""
    if not (isinstance(display, ast.Tuple) and isinstance(shown, Tup) and
            isinstance(other, Tup) and len(shown.items) == len(other.items) and
            len(display.elts) == len(other.items) and any(map(_is_none, display.elts))):
        return None
    return Tup(tuple(theirs if _is_none(element) else join(mine, theirs)
                     for element, mine, theirs in zip(display.elts, shown.items, other.items)))


def _on_host_by_arithmetic(evaluation: Expressions, node: ast.BinOp, left: Value,
                           right: Value) -> bool:
    """`R[idx] + eye * jitter` with `eye = torch.eye(H)`: arithmetic with a CPU tensor
    of a dimension raises unless the other operand is on the CPU too; its name is a
    CPU tensor from here on (`host_arrays.py`)."""
    if evaluation.host_arrays is None:
        evaluation.host_arrays = host_array_names(evaluation.function.node, evaluation._qualified)
    if not evaluation.host_arrays:
        return False
    for host, other, other_node in ((left, right, node.right), (right, left, node.left)):
        host_node = node.left if other_node is node.right else node.right
        if host[0] is HOST_TENSOR and other[0] in DEVICE_TENSORS and \
                is_host_array(host_node, evaluation.host_arrays):
            name = proved_name(other_node)
            bound = evaluation.env.get(name) if name is not None else None
            if name is not None and bound is not None and bound[0] in DEVICE_TENSORS:
                evaluation.env[name] = (HOST_TENSOR, bound[1])
            return True
    return False


def _compared(node: ast.Compare, values: list[Value]) -> Value:
    """What comparing operands of these values (evaluated in order) gives."""
    if any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops):
        return (HOST, None)
    if any(_is_string(c) for c in [node.left, *node.comparators]):
        # `reduction == "mean"`: a tensor never equals a string; never a tensor test.
        return (HOST, None)
    if compares_with_none(node):
        return (HOST, None)  # `Tensor.__eq__(None)` is `False`, read from nothing
    kinds = [v[0] for v in values]
    param = next((v[1] for v in values if v[1] is not None), None)
    if any(k in DEVICE_TENSORS for k in kinds):
        return (BOOL_TENSOR, param)
    if any(k is HOST_TENSOR for k in kinds):
        return (HOST_TENSOR, None)  # a CPU tensor compared: a CPU mask
    if any(k is NUMPY for k in kinds):
        return (NUMPY, None)
    if all(k is HOST for k in kinds):
        return (HOST, None)
    return (UNKNOWN, param)


def repeat_count(left: Kind, right: Kind, operator: ast.operator) -> str | None:
    """Which side of `left * right` is a tensor used as the repeat count of a Python
    sequence (`[w] * t`, `t * (a, b)`: "right", "left"), or None."""
    if not isinstance(operator, ast.Mult):
        return None
    if isinstance(left, (Seq, Tup)) and right in TENSORS:
        return "right"
    if isinstance(right, (Seq, Tup)) and left in TENSORS:
        return "left"
    return None


def _repeated(sequence: Kind) -> Kind:
    """The kind of a sequence repeated an unknown number of times."""
    return sequence if isinstance(sequence, Seq) else Seq(elem_of(sequence))


def combine(left: Kind, right: Kind, operator: ast.operator) -> Kind:
    """The kind of `left <op> right`."""
    kinds = (left, right)
    count = repeat_count(left, right, operator)
    if count is not None:
        return _repeated(left if count == "right" else right)
    if any(k in DEVICE_TENSORS for k in kinds):
        if F64_TENSOR in kinds and all(k in (F64_TENSOR, HOST, HOST_TENSOR) for k in kinds):
            return F64_TENSOR
        if BOOL_TENSOR in kinds and isinstance(operator, (ast.BitAnd, ast.BitOr, ast.BitXor)):
            if all(k in (BOOL_TENSOR, HOST) for k in kinds):
                return BOOL_TENSOR
        return TENSOR
    if HOST_TENSOR in kinds:
        return HOST_TENSOR
    if NUMPY in kinds:
        return NUMPY
    if left is HOST and right is HOST:
        return HOST
    if isinstance(left, Seq) and isinstance(operator, ast.Add):
        return left
    if isinstance(operator, ast.Mult) and HOST in kinds:
        # `[torch.zeros(n)] * k`, `k * [x]`: the list repeated, the same elements.
        other = right if left is HOST else left
        if isinstance(other, Seq):
            return other
    return UNKNOWN


def _literal_int(node: ast.expr) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and \
            isinstance(node.operand, ast.Constant) and type(node.operand.value) is int:
        return -node.operand.value
    return None


def compares_with_none(node: ast.Compare) -> bool:
    """`x == None`, `x != None`: a Python bool whatever `x` is (a tensor compares
    unequal to None without reading its data)."""
    return len(node.ops) == 1 and isinstance(node.ops[0], (ast.Eq, ast.NotEq)) and any(
        isinstance(o, ast.Constant) and o.value is None for o in (node.left, *node.comparators))


def _is_string(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or \
        isinstance(node, ast.JoinedStr)


def element_source(iterable: Value) -> int | None:
    """The parameter an element of `iterable` derives from: an element of an unknown or
    list parameter stays derived from it (`for row in labels:`, `[c.tolist() for c in
    chunks]`), so its effects reach the callers that pass tensors."""
    return iterable[1] if iterable[0] is UNKNOWN or isinstance(iterable[0], Seq) else None


def data_kind(node: ast.List | ast.Tuple | ast.Set | ast.Dict) -> Kind | None:
    """What `Expressions.expr` gives a display of constants (`plain_data`), without
    recording each element, or None when `node` is not such data: a constant is a host
    value, a display of them a sequence, tuple or mapping of host values. One walk both
    decides and computes (a 2 MB literal holds ~400 000 elements)."""
    if len(node.keys if isinstance(node, ast.Dict) else node.elts) < syntax.PLAIN_DATA_MIN:
        return None
    return _data_kind(node)


def _data_kind(node: ast.AST) -> Kind | None:
    kind = type(node)
    if kind is ast.Constant:
        return UNKNOWN if node.value is Ellipsis else HOST  # type: ignore[attr-defined]
    if kind is ast.Tuple:
        items: list[Kind] = []
        for element in node.elts:  # type: ignore[attr-defined]
            item = _data_kind(element)
            if item is None:
                return None
            items.append(item)
        return Tup(tuple(items))
    if kind is ast.List or kind is ast.Set:
        elem = _joined(node.elts)  # type: ignore[attr-defined]
        return None if elem is None else Seq(elem)
    if kind is ast.Dict:
        if None in node.keys:  # type: ignore[attr-defined]
            return None  # `**other`
        keys = _joined(node.keys)  # type: ignore[attr-defined]
        values = _joined(node.values)  # type: ignore[attr-defined]
        return None if keys is None or values is None else MappingKind(keys, values)
    return None


def _joined(nodes: list[ast.expr]) -> Kind | None:
    """The join of the data kinds of `nodes`, each distinct kind joined once (rows of a
    table are mostly alike); None when one is not data."""
    distinct: dict[Kind, None] = {}
    for node in nodes:
        kind = _data_kind(node)
        if kind is None:
            return None
        distinct[kind] = None
    return join_all(list(distinct))


def join_classes(project: Model, a: Kind, b: Kind) -> Kind:
    """`join`, where an object of a project class or of one that derives from it is an
    object of the base (`sampler or DeterministicSampler()`, the parameter an
    `Optional[Sampler]`: allennlp's beam search, fresh18 M2): a method call resolves
    through the base, as on the parameter alone. Unrelated classes join to UNKNOWN."""
    if isinstance(a, Instance) and isinstance(b, Instance) and a != b:
        for base, derived in ((a, b), (b, a)):
            if derived.cls in project.classes and any(
                    cls.key == base.cls for cls in project._mro(derived.cls)):
                return base
    return join(a, b)
