"""What can be proven about a tensor expression that is read on the host: that it has zero
dimensions, its dtype family (float, int or bool) and the tensors it is computed from.

Used to decide whether separate reads can share one `torch.stack(...).tolist()` transfer
without changing a value or a Python type. Everything unproven is None / False.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from synclint.analysis.names import Imports
from synclint.analysis.torch_api import BOOL_RESULTS, CAST_METHOD_DTYPES, DTYPE_FAMILIES
from synclint.analysis.uses import binds, occurrences

#: Qualified dtype -> the family a stacked read keeps: "float", "int" or "bool" (from the
#: torch API table). Not complex; not float8, whose stacking is not proven on every device.
_FAMILIES = {name: family for name, family in DTYPE_FAMILIES.items()
             if family != "complex" and "float8" not in name}
#: Reductions over every element when called without arguments: a 0-d result.
_FULL_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "amax", "amin", "prod", "norm",
                              "std", "var", "any", "all", "nansum", "nanmean",
                              "count_nonzero"})
#: Methods that keep the shape (and, unless a cast, the dtype family).
_SHAPE_KEEPING = frozenset({"detach", "clone", "abs", "neg", "contiguous", "float", "double",
                            "half", "bfloat16", "long", "int", "short", "byte", "char", "bool",
                            "sqrt", "exp", "log", "sigmoid", "tanh", "reciprocal", "square",
                            "relu", "isnan", "isinf", "isfinite", "logical_not"})
#: The dtype family each cast or predicate method gives whatever its input.
_CASTS = {**{name: "bool" for name in BOOL_RESULTS},
          **{method: _FAMILIES[dtype] for method, dtype in CAST_METHOD_DTYPES.items()},
          "count_nonzero": "int"}
#: Results that are floats for a float input (ints are promoted or raise; complex inputs
#: give complex results for some, so an unknown input stays unknown).
_FLOAT_OF_FLOAT = frozenset({"mean", "std", "var", "norm", "nanmean", "sqrt", "exp", "log",
                             "sigmoid", "tanh", "reciprocal"})
#: Factories whose first argument is the data (a number literal gives a 0-d tensor) or the
#: shape (`()` gives a 0-d tensor).
_DATA_FACTORIES = frozenset({"tensor", "as_tensor", "scalar_tensor"})
#: Factories from a shape; all but `full` (the fill's dtype) take the default floating dtype.
_SHAPE_FACTORIES = frozenset({"zeros", "ones", "empty", "full", "rand", "randn"})
_MAX_DEPTH = 8


@dataclass(frozen=True)
class Scalar:
    """Facts about one tensor expression."""

    zero_dim: bool
    #: "float", "int", "bool", or None when not proven.
    dtype: str | None
    #: The names of the tensors the value is computed from (its device's provenance).
    roots: frozenset[str]
    #: Whether evaluating the expression is only reading names (it cannot raise).
    plain: bool


_UNKNOWN_SCALAR = Scalar(False, None, frozenset({"?"}), False)


class ScalarFacts:
    """Facts about expressions of one function (or module) body `scope`."""

    def __init__(self, scope: cst.CSTNode, imports: Imports) -> None:
        self._scope = scope
        self._imports = imports
        self._bindings: dict[str, cst.BaseExpression | None] = {}

    def of(self, node: cst.BaseExpression, depth: int = 0) -> Scalar:
        if depth > _MAX_DEPTH:
            return _UNKNOWN_SCALAR
        if isinstance(node, cst.Name):
            value = self.single_binding(node.value)
            if value is None:
                return Scalar(False, None, frozenset({node.value}), True)
            inner = self.of(value, depth + 1)
            # A value of unknown provenance still lives on one device: its name's.
            roots = frozenset({node.value}) if "?" in inner.roots else inner.roots
            return Scalar(inner.zero_dim, inner.dtype, roots, True)
        if isinstance(node, cst.Integer):
            return Scalar(True, "int", frozenset(), True)
        if isinstance(node, cst.Float):
            return Scalar(True, "float", frozenset(), True)
        if isinstance(node, cst.Call):
            return self._call(node, depth)
        if isinstance(node, cst.BinaryOperation):
            return self._binary(node, depth)
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and not isinstance(
                node.comparisons[0].operator, (cst.In, cst.NotIn, cst.Is, cst.IsNot)):
            left = self.of(node.left, depth + 1)
            right = self.of(node.comparisons[0].comparator, depth + 1)
            return Scalar(left.zero_dim and right.zero_dim, "bool", left.roots | right.roots,
                          False)
        return _UNKNOWN_SCALAR

    def _call(self, node: cst.Call, depth: int) -> Scalar:
        func = node.func
        qualified = self._imports.qualify(func)
        if qualified is not None:
            name = qualified.rpartition(".")[2]
            if qualified == f"torch.{name}" and name in _DATA_FACTORIES | _SHAPE_FACTORIES:
                return self._factory(node, name)
            positional = [a for a in node.args if a.keyword is None]
            if len(node.args) != 1 or len(positional) != 1:
                return _UNKNOWN_SCALAR
            inner = self.of(positional[0].value, depth + 1)
            if qualified == "torch.linalg.vector_norm":
                return self._reduced("norm", inner)
            if qualified == f"torch.{name}" and name in _FULL_REDUCTIONS:
                return self._reduced(name, inner)
            if qualified == f"torch.{name}" and name in _SHAPE_KEEPING:
                return Scalar(inner.zero_dim, self._kept_dtype(name, inner.dtype), inner.roots,
                              False)
            return _UNKNOWN_SCALAR
        if not isinstance(func, cst.Attribute):
            return _UNKNOWN_SCALAR
        method = func.attr.value
        if method in ("numel", "dim", "nelement") and not node.args:
            return Scalar(True, "int", frozenset(), False)  # a host int
        receiver = self.of(func.value, depth + 1)
        if method in _FULL_REDUCTIONS and not node.args:
            return self._reduced(method, receiver)
        if method in _SHAPE_KEEPING and not node.args:
            return Scalar(receiver.zero_dim, self._kept_dtype(method, receiver.dtype),
                          receiver.roots, False)
        if method in ("to", "type") and node.args:
            return self._to(node, receiver)
        return _UNKNOWN_SCALAR

    def _factory(self, node: cst.Call, name: str) -> Scalar:
        """`torch.tensor(0.5, dtype=torch.float16, device=x.device)`, `torch.zeros((), ...)`:
        the dtype= keyword (or the literal's own type) gives the family."""
        positional = [a.value for a in node.args if a.keyword is None]
        first = positional[0] if positional else None
        literal = _literal_family(first) if first is not None else None
        if name in _DATA_FACTORIES:
            zero_dim = literal is not None
            # `scalar_tensor` takes the default (floating) dtype whatever the number.
            default = "float" if name == "scalar_tensor" and literal is not None else literal
        else:
            zero_dim = isinstance(first, (cst.Tuple, cst.List)) and not first.elements
            default = "float" if name != "full" else None  # `full` takes the fill's dtype
        dtype_arg = _keyword(node, "dtype")
        dtype = default if dtype_arg is None else dtype_family(self._imports.qualify(dtype_arg))
        device = _keyword(node, "device")
        if device is None:
            roots: frozenset[str] = frozenset()  # a host tensor: usable with any device's
        elif (isinstance(device, cst.Attribute) and device.attr.value == "device"
              and isinstance(device.value, cst.Name)):
            roots = frozenset({device.value.value})  # on `x.device`: x's device
        else:
            roots = frozenset({"?"})
        return Scalar(zero_dim, dtype, roots, False)

    def _to(self, node: cst.Call, receiver: Scalar) -> Scalar:
        """`.to(torch.long)`, `.to(dtype=...)`, `.to("cuda")`, `.type(torch.float16)`."""
        dtype: str | None = receiver.dtype
        roots = receiver.roots
        for arg in node.args:
            keyword = arg.keyword.value if arg.keyword is not None else None
            family = dtype_family(self._imports.qualify(arg.value))
            if keyword in (None, "dtype") and family is not None:
                dtype = family
            elif keyword in (None, "device") and isinstance(arg.value, cst.Attribute) and (
                    arg.value.attr.value == "device" and isinstance(arg.value.value, cst.Name)):
                roots = frozenset({arg.value.value.value})  # moved onto `y.device`: y's
            elif keyword == "device" or (keyword is None and isinstance(
                    arg.value, cst.SimpleString)):
                roots = frozenset({"?"})  # moved: its device is not its receiver's
            elif keyword not in ("non_blocking", "copy"):
                return _UNKNOWN_SCALAR  # `.to(other)`: a tensor, a dtype or a device
        return Scalar(receiver.zero_dim, dtype, roots, False)

    @staticmethod
    def _reduced(method: str, receiver: Scalar) -> Scalar:
        return Scalar(True, ScalarFacts._kept_dtype(method, receiver.dtype), receiver.roots, False)

    @staticmethod
    def _kept_dtype(method: str, dtype: str | None) -> str | None:
        if method in _CASTS:
            return _CASTS[method]
        if method in _FLOAT_OF_FLOAT:
            return "float" if dtype == "float" else None
        if method in ("sum", "prod", "nansum"):
            return "int" if dtype in ("int", "bool") else dtype
        return dtype  # max, min, abs, detach, clone ... keep the dtype

    def _binary(self, node: cst.BinaryOperation, depth: int) -> Scalar:
        left = self.of(node.left, depth + 1)
        right = self.of(node.right, depth + 1)
        zero_dim = left.zero_dim and right.zero_dim
        dtypes = {left.dtype, right.dtype}
        dtype: str | None
        if None in dtypes or "bool" in dtypes:
            dtype = None
        elif isinstance(node.operator, cst.Divide) or "float" in dtypes:
            dtype = "float"
        elif isinstance(node.operator, (cst.Add, cst.Subtract, cst.Multiply)):
            dtype = "int"
        else:
            dtype = None
        return Scalar(zero_dim, dtype, left.roots | right.roots, False)

    def single_binding(self, name: str) -> cst.BaseExpression | None:
        """The value of the only binding of `name` in the scope, when it is `name = value`."""
        if name in self._bindings:
            return self._bindings[name]
        value: cst.BaseExpression | None = None
        found = 0
        for occurrence, ancestors in occurrences(self._scope, name):
            if not binds(occurrence, ancestors):
                continue
            found += 1
            parent = ancestors[-2] if len(ancestors) >= 2 else None
            if (isinstance(ancestors[-1], cst.AssignTarget) and isinstance(parent, cst.Assign)
                    and len(parent.targets) == 1):
                value = parent.value
        if isinstance(self._scope, cst.FunctionDef) and name in _parameter_names(self._scope):
            found += 1
        result = value if found == 1 else None
        self._bindings[name] = result
        return result


def dtype_family(qualified: str | None) -> str | None:
    """"float", "int" or "bool" for a qualified torch dtype name (`torch.float16`)."""
    return None if qualified is None else _FAMILIES.get(qualified)


def _keyword(node: cst.Call, name: str) -> cst.BaseExpression | None:
    return next((a.value for a in node.args
                 if a.keyword is not None and a.keyword.value == name), None)


def _literal_family(node: cst.BaseExpression) -> str | None:
    """The family of a Python number literal (`3`, `-0.5`, `True`), or None."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
        if not isinstance(node, (cst.Integer, cst.Float)):
            return None
    if isinstance(node, cst.Integer):
        return "int"
    if isinstance(node, cst.Float):
        return "float"
    if isinstance(node, cst.Name) and node.value in ("True", "False"):
        return "bool"
    return None


def _parameter_names(node: cst.FunctionDef) -> set[str]:
    params = node.params
    names = {p.name.value for p in (*params.posonly_params, *params.params,
                                    *params.kwonly_params)}
    if isinstance(params.star_arg, cst.Param):
        names.add(params.star_arg.name.value)
    if params.star_kwarg is not None:
        names.add(params.star_kwarg.name.value)
    return names
