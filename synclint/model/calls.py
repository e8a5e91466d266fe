"""How the evaluation reads calls: of project functions (through their summaries),
of torch, of builtins, and methods of the values it knows."""

from __future__ import annotations

import ast

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
    Seq,
    Tup,
    elem_of,
    on_host,
)
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.analysis.torch_api import (
    BOOL_RESULTS,
    HOST_MEMORY_FUNCTIONS,
    HOST_METHODS,
    TORCH_FACTORIES,
    TORCH_HOST_FUNCTIONS,
    TORCH_ONLY_METHODS,
    WEAK_TENSOR_METHODS,
)
from synclint.model.expressions import Expressions
from synclint.model.flow import _DEVICE_MOVES, _UNKNOWN_VALUE, Value
from synclint.model.kindops import argument_syncs
from synclint.model.summaries import (
    SHAPE_SYNC_FUNCTIONS,
    SHAPE_SYNC_METHODS,
    SYNC_READ,
    SYNC_SHAPE,
    Effect,
    Site,
)
from synclint.model.syntax import _dotted, _is_cpu, _is_self, _returned_tensors, _to_cpu


class Calls(Expressions):
    """Call evaluators."""

    # -- calls ------------------------------------------------------------------------------
    def _call(self, node: ast.Call) -> Value:
        func = node.func
        dotted = _dotted(func)
        if dotted is not None:
            key = self._project_callee(dotted)
            if key is not None:
                return self._project_call(node, key)
            qualified = self._qualified(dotted)
            if qualified.startswith("torch.") or qualified == "torch":
                return self._torch_call(node, qualified)
            if qualified.startswith("numpy.") or qualified.startswith("math."):
                for arg in node.args:
                    self.expr(arg)
                return (NUMPY if qualified.startswith("numpy.") else HOST, None)
        returned = _returned_tensors(node)
        if returned is not None:
            for arg in node.args:
                self.expr(arg)
            return (returned, None)
        if isinstance(func, ast.Name):
            return self._builtin(node, func.id)
        if isinstance(func, (ast.Attribute, ast.Name)) and self.expr(func)[0] is MODULE:
            for arg in node.args:
                self.expr(arg)
            return (TENSOR, None)  # calling a module runs its forward: a tensor
        if isinstance(func, ast.Attribute):
            receiver = self.expr(func.value)
            args = [self.expr(a) for a in node.args]
            for keyword in node.keywords:
                self.expr(keyword.value)
            return self._method(node, func.attr, receiver, args)
        self.expr(func)
        for arg in node.args:
            self.expr(arg)
        return _UNKNOWN_VALUE

    def _project_callee(self, dotted: str) -> str | None:
        parts = dotted.split(".")
        project = self.project
        function = self.function
        if parts[0] in ("self", "cls") and function.class_key is not None and len(parts) >= 2:
            owner: str | None = function.class_key
            for attribute in parts[1:-1]:
                found = None
                for cls in project._mro(owner) if owner is not None else ():
                    # Read state: when a class's attributes change, this is evaluated again.
                    self.attribute_reads.add(cls.key)
                    found = cls.attribute_classes.get(attribute)
                    if found is not None:
                        break
                owner = found
                if owner is None:
                    return None
            for cls in project._mro(owner) if owner is not None else ():
                if parts[-1] in cls.methods:
                    return cls.methods[parts[-1]]
            return None
        if len(parts) == 1:
            nested = f"{function.key}.{dotted}"
            if nested in project.functions:
                return nested
        local = self.env.get(parts[0])
        if local is not None:
            if isinstance(local[0], Instance) and len(parts) == 2:
                for cls in project._mro(local[0].cls):
                    if parts[1] in cls.methods:
                        return cls.methods[parts[1]]
            return None  # a local value, not a module or a function of the project
        key = project._name_key(self.module, dotted)
        if key is not None and key in project.functions:
            return key
        return None

    def _project_call(self, node: ast.Call, key: str) -> Value:
        args = [self.expr(a) for a in node.args]
        keywords = [(keyword.arg, self.expr(keyword.value)) for keyword in node.keywords]
        self.callees.add(key)
        summary = self.project.summaries.get(key)
        if summary is None:
            return _UNKNOWN_VALUE
        if any(isinstance(a, ast.Starred) for a in node.args) or any(
                k.arg is None for k in node.keywords):
            self.call_arguments.append((key, None))
        else:
            filled = {summary.params[i]: value[0] for i, value in enumerate(args)
                      if i < len(summary.params)}
            filled.update((name, value[0]) for name, value in keywords if name is not None)
            self.call_arguments.append((key, filled))
        call = Site(self.module.filename, node.lineno, node.col_offset + 1,
                    f"calls `{summary.display}()`")
        for effect in summary.syncs:
            self._add(Effect(effect.code, (call, *effect.chain), effect.likely),
                      (UNKNOWN, None), None)
        for param_effect in summary.param_effects:
            if param_effect.index >= len(args):
                continue
            arg = args[param_effect.index]
            effect = Effect(param_effect.effect.code, (call, *param_effect.effect.chain),
                            param_effect.effect.likely)
            kind, param = arg
            if param is not None and kind not in (HOST, NUMPY, HOST_TENSOR):
                self._add(effect, arg, param_effect.strength)
            elif argument_syncs(kind, param_effect.strength, self.module.torch) is not None:
                self._add(Effect(effect.code, effect.chain,
                                 effect.likely or kind not in DEVICE_TENSORS), (kind, None), None)
        source = summary.returns_from
        if source is not None and source < len(args) and args[source][0] is HOST_TENSOR:
            return (on_host(summary.returns), None)  # computed from the CPU tensor passed in
        return (summary.returns, None)

    def _torch_call(self, node: ast.Call, qualified: str) -> Value:
        args = [self.expr(a) for a in node.args]
        keywords = {k.arg: self.expr(k.value) for k in node.keywords if k.arg}
        parts = qualified.split(".")
        name = parts[-1]
        param = next((a[1] for a in args if a[1] is not None), None)
        # The same reading of torch's namespaces as the LibCST inference (infer.py).
        if any(part.startswith("_") for part in parts[1:-1]) or (
                name.startswith("_") and not name.startswith("_foreach_")):
            return _UNKNOWN_VALUE
        if name.startswith(("is_", "are_", "has_", "get_", "set_", "use_")):
            return (HOST, None)
        if qualified in ("torch.nn.utils.clip_grad_norm_", "torch.nn.utils.get_total_norm"):
            return (TENSOR, None)
        if len(parts) >= 3 and parts[1] == "cuda":
            return (HOST, None) if name[:1].islower() else _UNKNOWN_VALUE
        if len(parts) >= 3 and parts[1] == "nn" and parts[2] != "functional":
            return (MODULE, None) if name[:1].isupper() else _UNKNOWN_VALUE
        if len(parts) >= 2 and parts[1] in (
                "optim", "utils", "distributed", "jit", "backends", "autograd", "compiler",
                "profiler", "onnx", "export", "hub", "fx", "overrides", "amp", "testing",
                "accelerator", "mps", "xpu", "library", "types", "multiprocessing"):
            return _UNKNOWN_VALUE
        if name in TORCH_HOST_FUNCTIONS:
            if name in ("equal", "allclose") and any(a[0] in DEVICE_TENSORS for a in args):
                self._effect(SYNC_READ, node, f"`torch.{name}()`", args[0], "tensor")
            return (HOST, None)
        tensors = [a[0].elem if isinstance(a[0], Seq) else a[0] for a in args
                   if a[0] in TENSORS or isinstance(a[0], Seq)]
        on_host = bool(tensors) and all(k is HOST_TENSOR for k in tensors) and \
            "device" not in keywords
        if name in SHAPE_SYNC_FUNCTIONS or (name == "where" and len(args) == 1):
            if on_host:
                # `torch.unique_consecutive(cpu_sigmas)`: its size is known on the host.
                return (Seq(HOST_TENSOR) if name == "where" else HOST_TENSOR, None)
            if args:
                self._effect(SYNC_SHAPE, node, f"`torch.{name}()`",
                             args[0] if args[0][1] is not None else (TENSOR, None), "tensor")
            return (TENSOR, param)
        if name in TORCH_FACTORIES or name.endswith("_like"):
            device = keywords.get("device")
            if name.endswith("_like") and args:
                return (args[0][0] if args[0][0] in TENSORS else TENSOR, None)
            device_node = next((k.value for k in node.keywords if k.arg == "device"), None)
            if (device is None and not self.default_device) or _is_cpu(device_node):
                return (HOST_TENSOR, None)
            return (TENSOR, None)
        if name in HOST_MEMORY_FUNCTIONS or (name.endswith("Tensor") and name[:1].isupper()
                                    and not self.default_device):
            return (HOST_TENSOR, None)
        if name in ("split", "chunk", "unbind", "tensor_split", "meshgrid", "broadcast_tensors"):
            return (Seq(HOST_TENSOR if on_host else TENSOR), param)
        if on_host:
            # `torch.all(pre_row >= n)` of CPU tensors: a CPU tensor (as infer.py reads it).
            return (HOST_TENSOR, None)
        if name in BOOL_RESULTS:
            return (BOOL_TENSOR, param)
        if name in ("stack", "cat", "concat") and args and isinstance(args[0][0], Seq):
            return (TENSOR, None)
        return (TENSOR, param)

    def _builtin(self, node: ast.Call, name: str) -> Value:
        args = [self.expr(a) for a in node.args]
        for keyword in node.keywords:
            self.expr(keyword.value)
        if name in self.env:
            return _UNKNOWN_VALUE
        if name in ("float", "int", "bool", "complex") and len(args) == 1:
            value = args[0]
            if value[0] in DEVICE_TENSORS:
                self._effect(SYNC_READ, node, f"`{name}()` of a tensor", value, "tensor")
            elif value[0] is UNKNOWN and value[1] is not None:
                self._effect(SYNC_READ, node, f"`{name}()` of a tensor", value, "value")
            return (HOST, None)
        if name in ("len", "str", "repr", "isinstance", "hasattr", "range", "print", "id",
                    "type", "callable", "format"):
            return (HOST, None)
        if not args:
            return _UNKNOWN_VALUE
        first = args[0][0]
        if name in ("list", "tuple", "sorted", "reversed", "set"):
            return (Seq(elem_of(first)), None)
        if name == "enumerate":
            return (Seq(Tup((HOST, elem_of(first)))), None)
        if name == "zip":
            return (Seq(Tup(tuple(elem_of(a[0]) for a in args))), None)
        if name in ("max", "min", "sum") and len(args) == 1:
            element = elem_of(first)
            return (element if element in TENSORS or element is HOST else UNKNOWN, None)
        if name == "abs":
            return args[0]
        return _UNKNOWN_VALUE

    def _method(self, node: ast.Call, method: str, receiver: Value, args: list[Value]) -> Value:
        kind, param = receiver
        if param is not None and method in _DEVICE_MOVES:
            self.moved_params.add(param)  # its results may not stay where the argument was
        if method == "register_buffer" and isinstance(node.func, ast.Attribute) and \
                _is_self(node.func.value) and \
                node.args and isinstance(node.args[0], ast.Constant) and \
                isinstance(node.args[0].value, str):
            # A buffer moves with the module: a tensor that may be on the device.
            self.self_kinds[node.args[0].value] = TENSOR
            return (HOST, None)
        if method in ("item", "tolist", "cpu", "numpy") or (method == "to" and _to_cpu(node)):
            is_tensor = kind in DEVICE_TENSORS
            unknown = kind is UNKNOWN
            what = "`.to('cpu')`" if method == "to" else f"`.{method}()`"
            if method == "item" and (is_tensor or (unknown and (self.module.torch
                                                                 or param is not None))):
                self._effect(SYNC_READ, node, what, receiver,
                             "tensor" if is_tensor else "item", likely=unknown)
            elif is_tensor and kind is not HOST_TENSOR:
                self._effect(SYNC_READ, node, what, receiver, "tensor")
            elif unknown and param is not None and method in ("cpu", "numpy"):
                self._effect(SYNC_READ, node, what, receiver, "item")
            if method == "cpu":
                return (HOST_TENSOR, None)
            if method == "numpy":
                return (NUMPY, None)
            if method == "to":
                return (HOST_TENSOR, None)
            return (HOST, None)
        if isinstance(kind, MappingKind):
            if method == "values":
                return (Seq(kind.value), None)
            if method == "keys":
                return (Seq(kind.key), None)
            if method == "items":
                return (Seq(Tup((kind.key, kind.value))), None)
            if method in ("get", "pop"):
                return (kind.value, None)
            return _UNKNOWN_VALUE
        if method in ("parameters", "buffers") and kind not in TENSORS:
            return (Seq(TENSOR), None)
        if method in ("named_parameters", "named_buffers") and kind not in TENSORS:
            return (Seq(Tup((HOST, TENSOR))), None)
        if method in HOST_METHODS:
            return (HOST, None)
        tensor = kind in TENSORS
        proved = not tensor and kind is UNKNOWN and (
            method in TORCH_ONLY_METHODS or (method in WEAK_TENSOR_METHODS and self.module.torch))
        if not (tensor or proved):
            # An unknown method of a parameter: still derived from it (`x.mean()`).
            return (UNKNOWN, param) if kind is UNKNOWN else _UNKNOWN_VALUE
        if method in SHAPE_SYNC_METHODS:
            self._effect(SYNC_SHAPE, node, f"`.{method}()`",
                         receiver if param is not None else (TENSOR, None), "tensor")
            return (TENSOR, param)
        if method in HOST_METHODS:
            return (HOST, None)
        if kind is HOST_TENSOR and method not in ("cuda", "to"):
            return (HOST_TENSOR, None)
        if method in BOOL_RESULTS:
            return (BOOL_TENSOR, param)
        if method in ("split", "chunk", "unbind"):
            return (Seq(TENSOR), param)
        if method == "double":
            return (F64_TENSOR, param)
        return (TENSOR, param)

