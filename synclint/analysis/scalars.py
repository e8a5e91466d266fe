"""What can be proven about a tensor expression that is read on the host: that it has zero
dimensions, its dtype family (float, int or bool) and the tensors it is computed from.

Used to decide whether separate reads can share one `torch.stack(...).tolist()` transfer
without changing a value or a Python type. Everything unproven is None / False.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from synclint.analysis.names import Imports
from synclint.analysis.uses import binds, occurrences

#: Reductions over every element when called without arguments: a 0-d result.
_FULL_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "amax", "amin", "prod", "norm",
                              "std", "var", "any", "all", "nansum", "nanmean",
                              "count_nonzero"})
#: Methods that keep the shape (and, unless a cast, the dtype family).
_SHAPE_KEEPING = frozenset({"detach", "clone", "abs", "neg", "contiguous", "float", "double",
                            "half", "bfloat16", "long", "int", "short", "byte", "char", "bool",
                            "sqrt", "exp", "log", "sigmoid", "tanh", "reciprocal", "square",
                            "relu", "isnan", "isinf", "isfinite", "logical_not"})
_CASTS = {"float": "float", "double": "float", "half": "float", "bfloat16": "float",
          "long": "int", "int": "int", "short": "int", "byte": "int", "char": "int",
          "bool": "bool", "isnan": "bool", "isinf": "bool", "isfinite": "bool",
          "logical_not": "bool", "any": "bool", "all": "bool", "count_nonzero": "int"}
#: Results that are floats for a float input (ints are promoted or raise; complex inputs
#: give complex results for some, so an unknown input stays unknown).
_FLOAT_OF_FLOAT = frozenset({"mean", "std", "var", "norm", "nanmean", "sqrt", "exp", "log",
                             "sigmoid", "tanh", "reciprocal"})
_DTYPE_FAMILY = {
    "float16": "float", "float32": "float", "float64": "float", "bfloat16": "float",
    "half": "float", "float": "float", "double": "float", "int8": "int", "int16": "int",
    "int32": "int", "int64": "int", "uint8": "int", "long": "int", "int": "int",
    "short": "int", "bool": "bool",
}
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
        return _UNKNOWN_SCALAR

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
    if qualified is None or not qualified.startswith("torch."):
        return None
    return _DTYPE_FAMILY.get(qualified[6:])


def _parameter_names(node: cst.FunctionDef) -> set[str]:
    params = node.params
    names = {p.name.value for p in (*params.posonly_params, *params.params,
                                    *params.kwonly_params)}
    if isinstance(params.star_arg, cst.Param):
        names.add(params.star_arg.name.value)
    if params.star_kwarg is not None:
        names.add(params.star_kwarg.name.value)
    return names
