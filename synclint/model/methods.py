"""How the evaluation reads method calls: of tensors, NumPy arrays, modules, mappings
and library objects, the host reads among them (`.item()`, `.tolist()`, `.cpu()`), and
state registrations (`register_buffer`, `add_state`)."""

from __future__ import annotations

import ast
import functools

from synclint import knowledge
from synclint.analysis import library
from synclint.analysis.kinds import (
    BOOL_TENSOR,
    DEVICE_TENSORS,
    F64_TENSOR,
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
)
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.analysis.torch_api import (
    BOOL_RESULTS,
    DISTRIBUTION_TENSOR_METHODS,
    DTYPE_NAMES,
    F64_DTYPES,
    HOST_METHODS,
    HOST_TENSOR_METHODS,
    METADATA_METHODS,
    MODULE_TENSOR_ITERATORS,
    SYNC_METHODS,
    TORCH_KEYWORDS,
    TORCH_ONLY_METHODS,
    WEAK_TENSOR_METHODS,
)
from synclint.knowledge.host_data import HOST_LOADER, LOADER_METHODS
from synclint.model.expressions import Expressions
from synclint.model.flow import _DEVICE_MOVES, _UNKNOWN_VALUE, Value
from synclint.model.summaries import (
    SHAPE_SYNC_METHODS,
    SYNC_READ,
    SYNC_SHAPE,
)
from synclint.model.syntax import _dotted, _is_cpu, _is_self, _to_cpu, numpy_forced

_SPLITS = frozenset({"split", "chunk", "unbind", "tensor_split"})


#: Comparison methods (`preds.eq(y)`): a tensor on an unknown value in torch code without
#: pandas (NumPy arrays lack them), except on a value derived from a parameter, whose
#: callers judge what they pass (as for `.sum()`, `_sum_of_a_parameter`).
_COMPARISONS = frozenset({"eq", "ne", "gt", "ge", "lt", "le"})

#: The methods of `nn.Module` (and so of a torchmetrics `Metric`) that return the module
#: itself: `fad = FAD().to(device)` is still a `FAD` (eleventh draw F3).
_RETURNS_SELF = frozenset({"to", "cuda", "cpu", "train", "eval", "float", "half", "double",
                           "bfloat16", "requires_grad_", "to_empty", "type", "xpu"})


#: Tensor methods that answer from the layout, never the data: host values whatever the
#: receiver (`x.stride(0) == 1 and x.stride(1) != 1` is a Python bool: fresh14 F1).
_LAYOUT_METHODS = frozenset({"stride", "is_contiguous", "storage_offset", "element_size",
                             "data_ptr", "is_floating_point", "is_complex", "is_signed"})

class Methods(Expressions):
    """Method-call evaluators (`Calls` adds the calls of functions)."""

    @functools.cached_property
    def cpu_then_numpy(self) -> set[int]:
        """The `.cpu()` calls a `.numpy()` is called on (`x.cpu().numpy()`): evidence that
        `x` is a tensor (`_method`)."""
        return set()

    def _library_method(self, node: ast.Call, method: str, receiver: Kind,
                        args: list[Value]) -> Value | None:
        """A method of a library object: an `Instance`, `self` of a class deriving from
        library classes, a module, or a value whose name says what it is."""
        assert isinstance(node.func, ast.Attribute)
        found = library.method_result(
            receiver, method, lambda: [a[0] for a in args],
            name=library.ast_name(node.func.value),
            self_bases=self.self_bases if _is_self(node.func.value) else (), roots=self.roots,
            key=library.ast_call_key(node))
        return (found, None) if found is not None else None

    def _state_registration(self, node: ast.Call, method: str) -> Value | None:
        """`self.add_state("hits", default=torch.tensor(0))` in a torchmetrics `Metric`:
        per-instance state that moves with the module (a device tensor, or a list of them)."""
        func = node.func
        if not (isinstance(func, ast.Attribute) and _is_self(func.value) and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str) and self.self_bases):
            return None
        registrar = knowledge.state_registrar(method, self.self_bases)
        if registrar is None:
            return None
        value = node.args[registrar.value_position] if len(node.args) > \
            registrar.value_position else next((k.value for k in node.keywords
                                                if k.arg == registrar.value_keyword), None)
        kind: Kind = Seq(TENSOR) if isinstance(value, ast.List) else TENSOR
        self.self_kinds[node.args[0].value] = kind
        return (HOST, None)

    def _method(self, node: ast.Call, method: str, receiver: Value, args: list[Value]) -> Value:
        kind, param = receiver
        if kind is UNKNOWN and method in LOADER_METHODS and not args and not node.keywords:
            return (HOST_LOADER, None)  # `datamodule.train_dataloader()`: a DataLoader
        then_numpy = id(node) in self.cpu_then_numpy
        self.cpu_then_numpy.discard(id(node))  # (ids of dead nodes are reused)
        if kind is UNKNOWN and method in ("cpu", "to") and then_numpy and \
                isinstance(node.func, ast.Attribute):
            # `x.cpu().numpy()`: NumPy arrays have no `.cpu()`, records and modules no
            # `.numpy()`; `x` is a tensor, as `x.detach()` says. Of a value derived from a
            # parameter the summary keeps its weaker effect: callers that pass an unknown
            # value (a dict of NumPy inputs) are not reported for it.
            self._record(node.func.value, TENSOR, (TENSOR, param))
            if param is None:
                kind, receiver = TENSOR, (TENSOR, None)
        if kind is UNKNOWN and method == "backward" and param is None and \
                isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
            # `loss.backward()` of a loss from an injected callable (`self.loss_fn(...)`):
            # only tensors are differentiated; `loss.item()` after it reads a tensor.
            self.env[node.func.value.id] = (TENSOR, None)
            self._record(node.func.value, TENSOR, (TENSOR, None))
        if param is not None and method in _DEVICE_MOVES:
            self.moved_params.add(param)  # its results may not stay where the argument was
        if method == "register_buffer" and isinstance(node.func, ast.Attribute) and \
                _is_self(node.func.value) and \
                node.args and isinstance(node.args[0], ast.Constant) and \
                isinstance(node.args[0].value, str):
            # A buffer moves with the module: a tensor that may be on the device; one made
            # on the host stays there in a module nothing moves (botorch's acquisition
            # functions: `knowledge.never_moved`).
            host = len(args) > 1 and args[1][0] is HOST_TENSOR and \
                knowledge.never_moved(self._host_bases())
            self.self_kinds[node.args[0].value] = HOST_TENSOR if host else TENSOR
            return (HOST, None)
        state = self._state_registration(node, method)
        if state is not None:
            return state
        if isinstance(kind, Instance) and method in _RETURNS_SELF and \
                self._returns_self(kind.cls, method):
            return (kind, None)  # `FAD().to(device)`: the same object, of the same class
        found = self._library_method(node, method, kind, args)
        if found is not None:
            return found
        if (method in SYNC_METHODS or (method == "to" and _to_cpu(node))
                or (method == "numpy" and numpy_forced(node))) \
                and not self._stacked_read(node, method):
            self._host_read(node, method, receiver)
        if method in MODULE_TENSOR_ITERATORS and kind not in TENSORS and kind is not NUMPY:
            if method == "state_dict" and kind is not MODULE:
                # Optimizers and schedulers have state dicts too, of nested host values.
                return (MappingKind(HOST, UNKNOWN), None)
            if not isinstance(kind, (MappingKind, Seq, Tup)):
                return (MODULE_TENSOR_ITERATORS[method], None)
        if isinstance(kind, MappingKind):
            # The values of a parameter's mapping of tensors stay derived from it: each
            # caller's argument decides (`loss_fn_inputs.items()`; fresh16 F1).
            source = param if kind.value is UNKNOWN or kind.value in TENSORS else None
            if method == "values":
                return (Seq(kind.value), source)
            if method == "keys":
                return (Seq(kind.key), None)
            if method == "items":
                return (Seq(Tup((kind.key, kind.value))), source)
            if method == "get" and len(args) == 2:
                default = library.get_with_default(kind, args[1][0])
                if default is not None:
                    return (default, None)
            if method in ("get", "pop", "setdefault"):
                return (kind.value, source)
            return _UNKNOWN_VALUE
        if kind is MODULE:
            if method in ("children", "modules"):
                return (Seq(MODULE), None)
            if method in ("named_children", "named_modules"):
                return (Seq(Tup((HOST, MODULE))), None)
            if method in ("to", "cuda", "cpu", "train", "eval", "half", "float", "double",
                          "requires_grad_"):
                return (MODULE, None)
            return _UNKNOWN_VALUE
        if kind is NUMPY:
            return (HOST, None) if method in ("item", "tolist") else (NUMPY, None)
        if kind is UNKNOWN:
            if method in TORCH_ONLY_METHODS or (
                    method in WEAK_TENSOR_METHODS and self.torch_imported
                    and not self.pandas_imported
                    and ((method != "sum" and (method not in _COMPARISONS or param is None))
                         or self._sum_of_a_parameter(param))
            ) or _torch_keyword(node):
                return self._tensor_method(node, TENSOR, method, receiver)
            if method in DISTRIBUTION_TENSOR_METHODS and self.torch_imported and \
                    not self.pandas_imported:
                return (TENSOR, None)  # `pout.entropy()` of a policy's distribution
            if method in ("item", "tolist") or method in METADATA_METHODS or \
                    method in _LAYOUT_METHODS:
                # `b, h, n, d = query.size()` of a parameter, `x.stride(0) == 1`: host
                # numbers whatever it is.
                return (HOST, None)
            if method == "get" and len(args) == 2:
                default = library.get_with_default(kind, args[1][0])
                if default is not None:
                    return (default, None)
            # An unknown method of a parameter: still derived from it (`x.mean()`).
            return (UNKNOWN, param)
        if kind is TENSOR and method == "get" and len(args) == 2:
            default = library.get_with_default(kind, args[1][0])  # a module's outputs
            if default is not None:
                return (default, None)
        if kind in TENSORS:
            return self._tensor_method(node, kind, method, receiver)
        return _UNKNOWN_VALUE

    def _returns_self(self, cls: str, method: str) -> bool:
        """Whether `method` of an object of the project class `cls` returns the object
        itself: `cls` is an `nn.Module` and no project class over its MRO overrides it
        (a `to()` that wraps the module returns something else)."""
        return ":" in cls and knowledge.is_module(self._library_bases(cls)) and not any(
            method in c.methods for c in self.project._mro(cls))

    def _stacked_read(self, node: ast.Call, method: str) -> bool:
        """`torch.stack(...).tolist()`: one transfer for a batch of values (the batched fix's
        form). SYN101 leaves it alone in a loop (rules/sync_in_loop.py: batching the outer
        loop too is left to the user), so it is no sync of the function's summary either: a
        loop that calls the function is not reported for the fix's own read."""
        if method != "tolist" or node.args or not isinstance(node.func, ast.Attribute):
            return False
        inner = node.func.value
        dotted = _dotted(inner.func) if isinstance(inner, ast.Call) else None
        return dotted is not None and self._qualified(dotted) == "torch.stack"

    def _sum_of_a_parameter(self, param: int | None) -> bool:
        """`.sum()` of an unknown value may be NumPy's or pandas'. Of a value derived from
        a parameter it is a tensor when the caller passes one, which is what a summary
        says (`if (labels == k).sum() > 0:` in a helper tests a tensor as a bool where a
        caller passes a device tensor, and the call is reported there). The facts rules
        read in the helper itself keep it unknown: nothing there says which it is."""
        if param is None or self.record is not None:
            return False
        self.facts_differ = True
        return True

    def _host_read(self, node: ast.Call, method: str, receiver: Value) -> None:
        """`.item()`, `.tolist()`, `.cpu()`, `.to("cpu")`: a sync on a device tensor (on an
        unknown value: likely one, for `.item()` in torch code). Not `.numpy()`: it raises
        on an accelerator tensor, so its receiver is on the host."""
        kind, param = receiver
        is_tensor = kind in DEVICE_TENSORS
        unknown = kind is UNKNOWN
        what = "`.to('cpu')`" if method == "to" else f"`.{method}()`"
        if method == "item" and (is_tensor or (unknown and (self.module.torch
                                                             or param is not None))):
            self._effect(SYNC_READ, node, what, receiver,
                         "tensor" if is_tensor else "item", likely=unknown)
        elif is_tensor:
            self._effect(SYNC_READ, node, what, receiver, "tensor")
        elif unknown and param is not None and method == "cpu":
            self._effect(SYNC_READ, node, what, receiver, "item")
        elif unknown and param is not None:
            # `.tolist()`, `.to("cpu")` of a parameter: a sync when a caller passes a device
            # tensor.
            self._effect(SYNC_READ, node, what, receiver, "value")

    def _tensor_method(self, node: ast.Call, receiver: Kind, method: str,
                       value: Value) -> Value:
        param = value[1]
        if method in ("items", "keys", "values", "get", "append", "copy", "sample"):
            # Not tensor methods (copy is, but rare on inferred values): the receiver was
            # mis-inferred somewhere (a module's output read as a tensor is a mapping or a
            # policy's distribution); give up rather than propagate a wrong kind.
            return _UNKNOWN_VALUE
        host = receiver is HOST_TENSOR
        if method in HOST_METHODS:
            return (HOST, None)
        if method in HOST_TENSOR_METHODS:
            return (HOST_TENSOR, None)
        if method == "numpy":
            return (NUMPY, None)
        if method == "cpu":
            return (HOST_TENSOR, None)
        if method in SHAPE_SYNC_METHODS and not host:
            self._effect(SYNC_SHAPE, node, f"`.{method}()`",
                         value if param is not None else (TENSOR, None), "tensor")
            return (TENSOR, param)
        if method == "cuda":
            return (TENSOR, param)
        if method in ("to", "type"):
            return (self._conversion(receiver, node), param)
        if method in _SPLITS:
            return (Seq(HOST_TENSOR if host else TENSOR), param)
        if method in BOOL_RESULTS:
            return (HOST_TENSOR, None) if host else (BOOL_TENSOR, param)
        if host:
            return (HOST_TENSOR, None)
        if method == "double":
            return (F64_TENSOR, param)
        if method in ("float", "half", "bfloat16", "int", "long", "short", "byte"):
            return (TENSOR, param)
        dtype = _keyword(node, "dtype")
        if receiver is F64_TENSOR:
            if dtype is not None and not self._is_float64(dtype):
                return (TENSOR, param)
            return (F64_TENSOR, param)
        if dtype is not None and self._is_float64(dtype):
            return (F64_TENSOR, param)
        return (TENSOR, param)

    def _conversion(self, receiver: Kind, node: ast.Call) -> Kind:
        """`.to(...)` / `.type(...)`: device moves and dtype casts."""
        f64 = cast = False
        device: Kind | None = None
        values = [(None, a) for a in node.args] + [(k.arg, k.value) for k in node.keywords]
        for keyword, value in values:
            if keyword in ("non_blocking", "copy", "memory_format"):
                continue
            if keyword == "dtype" or (keyword is None and self._is_dtype(value)):
                cast = True
                f64 = self._is_float64(value)
            elif keyword in (None, "device"):
                device = HOST_TENSOR if _is_cpu(value) else TENSOR
        if device is None:
            device = HOST_TENSOR if receiver is HOST_TENSOR else TENSOR
        if device is HOST_TENSOR:
            return HOST_TENSOR
        if cast:
            return F64_TENSOR if f64 else TENSOR
        return receiver if receiver in DEVICE_TENSORS else TENSOR

    def _is_dtype(self, node: ast.expr) -> bool:
        dotted = _dotted(node)
        qualified = self._qualified(dotted) if dotted is not None else ""
        # `torch.float32`, or another tensor's `.dtype` (`x.to(y.dtype)` keeps the device).
        return (qualified.startswith("torch.") and qualified.split(".")[-1] in DTYPE_NAMES) \
            or (dotted is not None and dotted.endswith(".dtype"))

    def _is_float64(self, node: ast.expr) -> bool:
        dotted = _dotted(node)
        return dotted is not None and self._qualified(dotted) in F64_DTYPES

    @property
    def torch_imported(self) -> bool:
        return any(t == "torch" or t.startswith("torch.") for t in self.module.imports.values())

    @property
    def pandas_imported(self) -> bool:
        return any(t == "pandas" or t.startswith("pandas.")
                   for t in self.module.imports.values())


def _keyword(node: ast.Call, name: str) -> ast.expr | None:
    for keyword in node.keywords:
        if keyword.arg == name:
            return keyword.value
    return None


def _torch_keyword(node: ast.Call) -> bool:
    return any(keyword.arg in TORCH_KEYWORDS for keyword in node.keywords)
