"""Narrowing: what `isinstance(x, torch.Tensor)` and `torch.is_tensor(x)` say about `x` in
each branch.

`isinstance(v, torch.Tensor)` makes `v` a tensor in the body and *not* a tensor in the
`else` branch; `isinstance(v, (np.integer, np.floating))` makes it a NumPy scalar (a host
value whose `.item()` never syncs); `isinstance(v, (int, float))` a Python number. A
device test (`t.device.type == "cpu"`, `t.device == torch.device("cpu")`, `not t.is_cuda`)
makes `t` a CPU tensor where it holds: `if t.device.type == "cpu" and t.any():` reads it
without a device sync.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from synclint.analysis.kinds import (
    HOST,
    HOST_TENSOR,
    NUMPY,
    TENSOR,
    TENSORS,
    UNKNOWN,
    Kind,
    Mapping,
    Seq,
    join_all,
)
from synclint.analysis.names import Imports

#: Names -> kind in the branch where the test holds, and in the branch where it fails.
Narrowing = tuple[dict[str, Kind], dict[str, Kind]]

_HOST_CLASSES = frozenset({"int", "float", "bool", "str", "bytes", "complex"})
#: Containers: never a tensor themselves, whatever they hold (their items stay unknown).
_CONTAINER_CLASSES: dict[str, Kind] = {"dict": Mapping(UNKNOWN, UNKNOWN), "list": Seq(UNKNOWN),
                      "tuple": Seq(UNKNOWN), "set": Seq(UNKNOWN), "frozenset": Seq(UNKNOWN)}
_ABSTRACT_CONTAINERS: dict[str, Kind] = {"collections.abc.Mapping": Mapping(UNKNOWN, UNKNOWN),
                        "typing.Mapping": Mapping(UNKNOWN, UNKNOWN),
                        "collections.abc.Sequence": Seq(UNKNOWN),
                        "typing.Sequence": Seq(UNKNOWN)}
#: Prefix of the keys that narrow an expression (`params[k]`, `self.x`) rather than a name.
EXPRESSION = "expr:"
_CODE = cst.Module(body=[])
_NONE: Narrowing = ({}, {})


def narrowings(test: cst.BaseExpression, imports: Imports,
               kind_of: Callable[[cst.BaseExpression], Kind]) -> Narrowing:
    """What `test` being true, and being false, says about the kinds of plain names."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        holds, fails = narrowings(test.expression, imports, kind_of)
        return fails, holds
    if isinstance(test, cst.BooleanOperation):
        left = narrowings(test.left, imports, kind_of)
        right = narrowings(test.right, imports, kind_of)
        if isinstance(test.operator, cst.And):
            return {**left[0], **right[0]}, {}
        return {}, {**left[1], **right[1]}
    if isinstance(test, cst.Comparison):
        return _device_test(test)
    if isinstance(test, cst.Attribute) and test.attr.value == "is_cuda" and \
            isinstance(test.value, cst.Name):
        return {test.value.value: TENSOR}, {test.value.value: HOST_TENSOR}
    if not isinstance(test, cst.Call):
        return _NONE
    positional = [a for a in test.args if a.keyword is None and not a.star]
    if len(positional) != len(test.args) or not positional:
        return _NONE
    subject = positional[0].value
    if isinstance(subject, cst.Name):
        name = subject.value
    elif isinstance(subject, (cst.Subscript, cst.Attribute)):
        # `isinstance(params[k], np.integer)`: narrowed by its code, for the branch.
        name = EXPRESSION + _CODE.code_for_node(subject)
    else:
        return _NONE
    func = test.func
    classes: list[Kind | None]
    if isinstance(func, cst.Name) and func.value == "isinstance" and len(positional) == 2:
        if imports.is_shadowed("isinstance"):
            return _NONE
        target = positional[1].value
        elements = ([e.value for e in target.elements] if isinstance(target, cst.Tuple)
                    else [target])
        classes = [_class_kind(e, imports) for e in elements]
    elif imports.torch_function(func) == "is_tensor" and len(positional) == 1:
        classes = [TENSOR]
    else:
        return _NONE
    current = kind_of(subject)
    true: dict[str, Kind] = {}
    false: dict[str, Kind] = {}
    if None not in classes:
        known = [k for k in classes if k is not None]
        if TENSOR in known and current in TENSORS:
            true[name] = current  # keep what is known already (float64, on the host)
        else:
            true[name] = join_all(known)
    if TENSOR in classes and current in TENSORS:
        false[name] = UNKNOWN
    elif NUMPY in classes and current is NUMPY:
        false[name] = UNKNOWN
    return true, false


def _class_kind(node: cst.BaseExpression, imports: Imports) -> Kind | None:
    """The kind of instances of the class `node`, None when the analysis cannot tell."""
    if isinstance(node, cst.Name) and node.value in _HOST_CLASSES:
        return None if imports.is_shadowed(node.value) else HOST
    if isinstance(node, cst.Name) and node.value in _CONTAINER_CLASSES:
        return None if imports.is_shadowed(node.value) else _CONTAINER_CLASSES[node.value]
    qualified = imports.qualify(node)
    if qualified is None:
        return None
    if qualified in _ABSTRACT_CONTAINERS:
        return _ABSTRACT_CONTAINERS[qualified]
    if qualified in ("torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter") or (
        qualified.startswith("torch.") and qualified.endswith("Tensor")
    ):
        return TENSOR
    if qualified.startswith("numpy."):
        return NUMPY
    if qualified.startswith("numbers."):
        return HOST
    return None


def _device_test(test: cst.Comparison) -> Narrowing:
    """`t.device.type == "cpu"` (or `!=`), `t.device == torch.device("cpu")`: `t` is a CPU
    tensor where the test says so (and a device tensor where it says the opposite)."""
    if len(test.comparisons) != 1:
        return _NONE
    target = test.comparisons[0]
    subject, other = test.left, target.comparator
    if _is_cpu_literal(subject):
        subject, other = other, subject
    if not _is_cpu_literal(other):
        return _NONE
    if isinstance(subject, cst.Attribute) and subject.attr.value == "type":
        subject = subject.value
    if not (isinstance(subject, cst.Attribute) and subject.attr.value == "device"
            and isinstance(subject.value, cst.Name)):
        return _NONE
    name = subject.value.value
    if isinstance(target.operator, cst.Equal):
        return {name: HOST_TENSOR}, {}
    if isinstance(target.operator, cst.NotEqual):
        return {}, {name: HOST_TENSOR}
    return _NONE


def _is_cpu_literal(node: cst.BaseExpression) -> bool:
    """`"cpu"`, `torch.device("cpu")`."""
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value == "cpu"
    if isinstance(node, cst.Call) and len(node.args) == 1 and \
            isinstance(node.func, (cst.Attribute, cst.Name)):
        name = node.func.attr.value if isinstance(node.func, cst.Attribute) else node.func.value
        return name == "device" and _is_cpu_literal(node.args[0].value)
    return False
