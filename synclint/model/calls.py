"""How the evaluation reads calls: of project functions (through their summaries),
of torch, of builtins, and methods of the values it knows."""

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
    MODULE,
    NUMPY,
    TENSOR,
    TENSORS,
    UNKNOWN,
    Func,
    Instance,
    Kind,
    Seq,
    Tup,
    elem_of,
    join_all,
    on_host,
)
from synclint.analysis.kinds import Mapping as MappingKind
from synclint.analysis.torch_api import (
    ACCELERATOR_MODULES,
    BOOL_RESULTS,
    COPYING_CONSTRUCTORS,
    HOST_BUILTINS,
    HOST_MEMORY_FUNCTIONS,
    LOAD_LOCATIONS,
    PIECE_FUNCTIONS,
    SYNC_MODULES,
    TORCH_FACTORIES,
    TORCH_HOST_FUNCTIONS,
    TORCH_SEQUENCE_FUNCTIONS,
)
from synclint.knowledge.host_data import HOST_LOADER
from synclint.knowledge.tensordict import TD as TENSORDICT
from synclint.knowledge.torch import CPU_ONLY_ARGUMENTS, REDUCTION_FUNCTIONS
from synclint.model.call_sites import note_call, note_training
from synclint.model.carried import split_carried
from synclint.model.data_transforms import COLLATE, collate_keeps_host
from synclint.model.dispatch import call_method as _call_method
from synclint.model.dispatch import declared_only, method_through, overrides
from synclint.model.element_calls import element_arguments
from synclint.model.flow import _HOST_ARGUMENTS, _UNKNOWN_VALUE, Bound, Flow, Value
from synclint.model.invokers import evaluate_invoked
from synclint.model.kindops import argument_syncs, zip_star
from synclint.model.local_modules import unmoved_call
from synclint.model.methods import _SPLITS, Methods, _keyword
from synclint.model.proofs import compared_tensors, proven_tensor
from synclint.model.properties import PROPERTY, getter
from synclint.model.settings import parameters_read, setting_test
from synclint.model.spans import ast_spans
from synclint.model.summaries import (
    SHAPE_SYNC_FUNCTIONS,
    SYNC_READ,
    SYNC_SHAPE,
    Effect,
    Site,
    Summary,
    called_first,
    looped_in,
)
from synclint.model.syntax import (
    ELEMENT_CALLS,
    _dotted,
    _is_cpu,
    _is_self,
    _tensor_inputs,
    _to_cpu,
)

#: The tensor subclasses a module holds: each wraps the tensor it is given.
_PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter",
                         "torch.nn.Buffer", "torch.nn.parameter.Buffer"})
#: torch namespaces whose functions make no tensor the model can follow (optimizers,
#: compilers, utilities ...): their results are unknown objects.
_OPAQUE_NAMESPACES = frozenset({
    "nn", "optim", "utils", "distributed", "jit", "cuda", "backends", "autograd", "compiler",
    "profiler", "onnx", "export", "hub", "_dynamo", "_C", "fx", "overrides", "amp",
    "testing", "accelerator", "mps", "xpu", "library", "types", "version"})


def run_setting_call(calls: Calls, node: ast.Call) -> bool:
    """Whether the call gives a setting of the run, the same on every step: a library
    function the tables say so of (`dist.get_world_size()`), or a project function
    called without arguments every return of which is one (`Summary.run_setting`)."""
    dotted = _dotted(node.func)
    if dotted is None:
        return False
    key = calls._project_callee(dotted)
    if key is not None:
        summary = calls.project.summaries.get(key)
        return summary is not None and summary.run_setting and not node.args and \
            not node.keywords
    qualified = calls._qualified(dotted)
    return not qualified.startswith("?") and knowledge.run_setting(qualified)


def property_read(calls: Calls, node: ast.Attribute, cls: str) -> Value | None:
    """`obj.name` where `name` is a property of the project class `cls` (or a base
    of it): the read runs the getter (`properties.py`), a call of it. The read gives
    what the getter returns; where that is unknown, None (the attribute is read as
    any other: a kind its methods assign, a library's). A getter that runs at every
    read syncs here as a call would (its chain starts at this read); a cached one
    runs once per instance, so its syncs are not this read's."""
    if calls.globals_only or not isinstance(node.ctx, ast.Load) or \
            node.attr not in calls.project.property_names:
        return None
    found = getter(calls.project, cls, node.attr)
    if found is None:
        return None
    key, how = found
    calls.callees.add(key)  # its summary is read: evaluated again when that changes
    summary = calls.project.summaries.get(key)
    if summary is None:
        return None
    if how == PROPERTY:
        if calls.getter_reads is not None and calls.record is not None:
            for span in ast_spans(node, calls.record[1]):
                calls.getter_reads[span] = key
        _callee_syncs(calls, node, summary, ([], []), Site(
            calls.module.filename, node.lineno, node.col_offset + 1,
            f"reads `{summary.display}`"), key == calls.function.key)
    return None if summary.returns is UNKNOWN else (summary.returns, None)


class Calls(Methods):
    """Call evaluators."""

    def _call(self, node: ast.Call) -> Value:
        func = node.func
        note_training(self, node)  # `loss.backward()`: the function trains (`Summary.trains`)
        if isinstance(func, ast.Attribute) and func.attr == "numpy":
            copy = _host_copy_before(func.value)
            if copy is not None:
                self.cpu_then_numpy.add(id(copy))
        returned = _returned_tensors(self, node)
        if returned is not None:
            self.expr(func)
            self._arguments(node)
            return (returned, None)
        dotted = _dotted(func)
        if (invoked := evaluate_invoked(self, node)) is not None:
            return invoked  # `checkpoint(self._run, x)`: `self._run(x)`
        if dotted is not None:
            key = self._project_callee(dotted)
            if key is not None:
                self.expr(func)
                return self._project_call(node, key)
            built = self._project_instance(node, dotted)
            if built is not None:
                return built
            qualified = self._qualified(dotted)
            if not qualified.startswith("?"):
                # A function of an imported library (torch, NumPy, math, others).
                self.expr(func)
                head = qualified.partition(".")[0]
                if qualified == "typing.cast" and len(node.args) == 2:
                    # `cast(Decoder, parts[0])`: an instance of the project class it names;
                    # `cast(np.ndarray, rows)` of an unknown value: what it names.
                    value = self.expr(node.args[1])
                    named = self._parameter(node.args[0])
                    known = isinstance(named, Instance) or value[0] is UNKNOWN
                    return (named, None) if known and named is not UNKNOWN else value
                if qualified in _AS_BUILTINS:  # `zip_longest(a, b)` yields as `zip(a, b)`
                    return self._builtin(node, _AS_BUILTINS[qualified], self._arguments(node))
                if knowledge.knows_call(qualified):
                    found = self._library_call(node, qualified)
                    if found is not None:
                        _on_host_after(self, node, qualified)
                        return found
                if head == "torch":
                    result = self._torch_call(node, qualified)
                    _on_host_after(self, node, qualified)
                    return result
                values = self._arguments(node)
                if qualified.startswith(SYNC_MODULES):
                    self._reads(node, f"`{qualified}()` of a tensor", values)
                if head in knowledge.ARRAY_ROOTS:
                    return (NUMPY, None)  # NumPy, FAISS ...: host arrays
                return (HOST, None) if head == "math" else _UNKNOWN_VALUE
        callee = self.expr(func)
        args, keywords = element_arguments(self, node) if isinstance(func, ast.Name) and \
            func.id in ELEMENT_CALLS and func.id not in self.env else self._all_arguments(node)
        if isinstance(callee[0], Instance):
            called = self._instance_call(node, callee[0].cls, (args, keywords))
            if called is not None:
                return called
        if isinstance(func, ast.Name) and func.id in self.env and (
                callee[0] is MODULE or isinstance(callee[0], Instance)):
            return _called(self, node, callee[0], args)
        if (library.calls_tensordicts(self.roots) and args and args[0][0] == TENSORDICT) or (
                library.ast_name(func) in knowledge.HINT_NAMES and
                (not isinstance(func, ast.Name) or func.id in self.env)):
            return _called(self, node, UNKNOWN, args)  # `td = policy(td)`, `stopping_criteria(...)`
        if callee[0] is MODULE:
            return _called(self, node, MODULE, args)  # calling a module runs its forward
        if isinstance(func, ast.Name):
            return self._builtin(node, func.id, args)
        if isinstance(func, ast.Attribute):
            receiver = self.last.get(id(func.value), _UNKNOWN_VALUE)
            return self._method(node, func.attr, receiver, args)
        return _UNKNOWN_VALUE

    def _arguments(self, node: ast.Call) -> list[Value]:
        """The positional arguments' values (keywords are evaluated too)."""
        return self._all_arguments(node)[0]

    def _all_arguments(self, node: ast.Call) -> tuple[list[Value], list[Value]]:
        """The positional arguments' values, and the keyword arguments'."""
        args = [self.expr(a) for a in node.args]
        return args, [self.expr(keyword.value) for keyword in node.keywords]

    def _project_callee(self, dotted: str) -> str | None:
        if self.globals_only:
            return None  # before any summary: a call is an unknown call
        parts = dotted.split(".")
        project = self.project
        function = self.function
        if parts[0] in ("self", "cls") and function.class_key is not None and len(parts) >= 2:
            return method_through(project, function.class_key, parts[1:], self.attribute_reads)
        if len(parts) == 1:
            nested = f"{function.key}.{dotted}"
            if nested in project.functions:
                return nested
        local = self.env.get(parts[0])
        if local is not None:
            if isinstance(local[0], Instance) and len(parts) >= 2:
                return method_through(project, local[0].cls, parts[1:], self.attribute_reads)
            return None  # a local value, not a module or a function of the project
        key = project._name_key(self.module, dotted)
        if key is not None and key in project.functions:
            return key
        return None

    def _project_call(self, node: ast.Call, key: str,
                      evaluated: tuple[list[Value], list[Value]] | None = None) -> Value:
        """A call of the project function `key`: what it returns, and its syncs and
        parameter effects here. `evaluated`: the positional and keyword arguments'
        values, where the caller has evaluated them already."""
        if evaluated is None:
            args = [self.expr(a) for a in node.args]
            values = [self.expr(keyword.value) for keyword in node.keywords]
        else:
            args, values = evaluated
        keywords = [(keyword.arg, value) for keyword, value in zip(node.keywords, values)]
        self.callees.add(key)
        summary = self.project.summaries.get(key)
        if summary is None:
            return _UNKNOWN_VALUE
        if isinstance(node.func, ast.Attribute) and _is_self(node.func.value):
            own = self.project.summaries.get(self.function.key)  # a per-step role's: hooks
            summary = declared_only(self.project, summary, self.function.key
                                    if own is not None and own.hot is None else None)
        if any(isinstance(a, ast.Starred) for a in node.args) or any(
                k.arg is None for k in node.keywords):
            note_call(self, key, None)
        else:
            filled = {summary.params[i]: value[0] for i, value in enumerate(args)
                      if i < len(summary.params)}
            filled.update((name, value[0]) for name, value in keywords if name is not None)
            note_call(self, key, filled)
        call = Site(self.module.filename, node.lineno, node.col_offset + 1,
                    f"calls `{summary.display}()`")
        _callee_syncs(self, node, summary, (args, keywords), call, key == self.function.key)
        if summary.returns_on is not None:
            device, known = _argument(node, summary.returns_on, summary)
            if (device is None and known and summary.on_host_default and
                    not self.default_device) or (device is not None and cpu_device(self, device)):
                return (on_host(summary.returns), None)  # `sample(n, device="cpu")`
        return _returned(summary, args, _none_at(node, summary))

    _property_read = property_read
    _run_setting = run_setting_call

    def _instance_call(self, node: ast.Call, cls: str,
                       evaluated: tuple[list[Value], list[Value]]) -> Value | None:
        """Calling an object of a project class (`self.embed(x, valid)`): what its method
        returns (`_call_method`), None where it has none. A `__call__` of a project
        class is a call of a project method, with its syncs; a module's `forward` keeps
        its syncs (it is per-step code that reports where it reads)."""
        if ":" not in cls or any(isinstance(a, ast.Starred) for a in node.args):
            return None
        own_call = _call_method(self.project, cls, False)
        if own_call is not None:  # `__call__` of a project class: a project method's call
            return self._project_call(node, own_call, evaluated)
        key = _call_method(self.project, cls, knowledge.is_module(self._library_bases(cls)))
        if key is None:
            return None
        self.callees.add(key)  # its summary is read: evaluated again when that changes
        summary = self.project.summaries.get(key)
        _note_arguments(self, node, (key, *overrides(self.project, key)), evaluated)
        if summary is None:
            return _UNKNOWN_VALUE
        host = unmoved_call(self, node, cls, key, [*evaluated[0], *evaluated[1]])
        return (host, None) if host is not None else _returned(summary, evaluated[0])

    # -- library knowledge (`library.py`): the one place this reading asks the tables -------
    def _library_call(self, node: ast.Call, qualified: str) -> Value | None:
        """A call of a library function or class (`accelerator = Accelerator()`,
        `dist.all_gather_object(out, loss)`), or None when the tables know nothing."""
        values = self._arguments(node)
        syncs = knowledge.call_syncs(qualified)
        if syncs:
            self._reads(node, f"`{qualified}()` {syncs}", values)
        keywords = [k.arg for k in node.keywords if k.arg is not None]
        if COLLATE in keywords and collate_keeps_host(self, node):
            keywords.remove(COLLATE)  # its batches stay host, as with no collate_fn
        found = library.call_result(
            qualified, lambda: [v[0] for v in values],
            lambda: library.ast_device(node, _is_cpu), keywords)
        return (found, None) if found is not None else None

    def _project_instance(self, node: ast.Call, dotted: str) -> Value | None:
        """`pid = StepController(...)`: an instance of a project class, whose methods and
        attributes are the class's (`pid.propose_step(error)` is resolved)."""
        if dotted.split(".", 1)[0] in self.env or self.globals_only:
            return None
        key = self.project._name_key(self.module, dotted)
        if key is None or key not in self.project.classes:
            return None
        self.expr(node.func)
        self._arguments(node)
        if _host_loader(self, key, node):
            return (HOST_LOADER, None)
        return (Instance(key), None)

    def _reads(self, node: ast.Call, what: str, values: list[Value]) -> None:
        """A call that reads its arguments on the host (`math.exp(loss)`): a sync on a device
        tensor, and a parameter effect on a parameter of unknown kind."""
        for value in values:
            if value[0] in DEVICE_TENSORS:
                self._effect(SYNC_READ, node, what, value, "tensor")
                return
            if value[0] is UNKNOWN and value[1] is not None:
                self._effect(SYNC_READ, node, what, value, "value")
                return

    def _torch_call(self, node: ast.Call, qualified: str) -> Value:
        args, keyword_values = self._all_arguments(node)
        if not node.args:
            # `torch.unique(input=t)`: torch's tensor argument given by its name.
            args = [value for keyword, value in zip(node.keywords, keyword_values)
                    if keyword.arg == "input"]
        positional = [value for value, arg in zip(args, node.args)
                      if not isinstance(arg, ast.Starred)]
        parts = qualified.split(".")
        name = parts[-1]
        param = next((a[1] for a in args if a[1] is not None), None)
        if any(part.startswith("_") for part in parts[1:-1]) or (
                name.startswith("_") and not name.startswith("_foreach_")):
            # torch internals (torch._utils, torch.__future__, torch._C ...): unknown.
            return _UNKNOWN_VALUE
        if name.startswith(("is_", "are_", "has_", "get_", "set_", "use_")):
            return (HOST, None)
        if len(parts) >= 3 and parts[1] in ACCELERATOR_MODULES:
            # torch.cuda.device_count(), torch.npu.current_device() ...: host values;
            # classes (streams, events) are unknown objects.
            return (HOST, None) if name[:1].islower() else _UNKNOWN_VALUE
        if len(parts) >= 2 and parts[1] == "multiprocessing":
            return (HOST, None)  # processes, contexts, queues
        if qualified in LOAD_LOCATIONS:
            # A checkpoint dict, not a tensor; read onto the CPU where it says so.
            located = cpu_device(self, _keyword(node, LOAD_LOCATIONS[qualified]))
            return (MappingKind(HOST, HOST_TENSOR if located else UNKNOWN), None)
        if qualified in ("torch.nn.utils.clip_grad_norm_",
                         "torch.nn.utils.parameters_to_vector",
                         "torch.nn.utils.get_total_norm"):
            return (TENSOR, None)
        if qualified == "torch.autograd.grad":
            return (Seq(TENSOR), None)
        if qualified == "torch.nn.utils.rnn.pad_sequence" and args and node.args:
            # One tensor of the sequences it is given, where they are.
            element = elem_of(args[0][0])
            return (HOST_TENSOR if element is HOST_TENSOR else TENSOR, args[0][1])
        if qualified == "torch.nn.utils.rnn.pad_packed_sequence":
            # The padded data where the packed sequence lives, and its lengths as a CPU
            # int64 tensor, always (torch's documented behaviour).
            return (Tup((TENSOR, HOST_TENSOR)), None)
        if len(parts) >= 3 and parts[1] == "nn" and parts[2] == "functional":
            return self._tensor_result(name, node, args, param)
        if qualified in _PARAMETERS:
            # `nn.Parameter(t)` is `t` as a leaf, on its device (a CPU tensor's parameter is
            # moved with its module, so only a device tensor's device is certain).
            data = args[0][0] if args and node.args else UNKNOWN
            return (data if data in DEVICE_TENSORS else UNKNOWN, None)
        if len(parts) >= 2 and parts[1] in _OPAQUE_NAMESPACES:
            if len(parts) >= 3 and parts[1] == "nn" and name[:1].isupper():
                return (MODULE, None)
            return _UNKNOWN_VALUE
        if name.endswith("Tensor") and name[:1].isupper() and not self.default_device:
            # torch.Tensor(data), torch.LongTensor(actions): CPU tensors from host data.
            return (HOST_TENSOR, None)
        if qualified in REDUCTION_FUNCTIONS:
            proven_tensor(self, node)  # `torch.nanmean(rewards[:, i])`: `rewards` is one
        if name in TORCH_HOST_FUNCTIONS:
            if name in ("equal", "allclose"):
                args = compared_tensors(self, node, args)
                if any(a[0] in DEVICE_TENSORS for a in args):
                    self._effect(SYNC_READ, node, f"`torch.{name}()`", args[0], "tensor")
            return (HOST, None)
        if name in ("load", "save"):
            return _UNKNOWN_VALUE
        if name in HOST_MEMORY_FUNCTIONS:
            return (HOST_TENSOR, None)
        on_host = _keyword(node, "device") is None and (
            _all_on_host(args)
            # `torch.div(n, 2, rounding_mode="floor")` of Python numbers: a CPU tensor.
            or (bool(args) and all(a[0] is HOST for a in args) and not self.default_device))
        if name in SHAPE_SYNC_FUNCTIONS or (name in ("where", "nonzero") and len(node.args) == 1
                                            and not node.keywords):
            if on_host:
                # `torch.unique_consecutive(cpu_sigmas)`: its size is known on the host.
                return (Seq(HOST_TENSOR) if name == "where" else HOST_TENSOR, None)
            if args and (name in SHAPE_SYNC_FUNCTIONS or len(args) == 1):
                self._effect(SYNC_SHAPE, node, f"`torch.{name}()`",
                             args[0] if args[0][1] is not None else (TENSOR, None), "tensor")
            return (Seq(TENSOR), param) if name == "where" else (TENSOR, param)
        if name in PIECE_FUNCTIONS:
            # `torch.split(t, [1, 2])`: pieces of `t`, where `t` is, whatever the sizes.
            on_host = bool(positional) and positional[0][0] is HOST_TENSOR
        if name in TORCH_SEQUENCE_FUNCTIONS or name.startswith("_foreach_"):
            # `_foreach_norm([g.double() ...])`, `torch.split(g.double(), 2)` stay float64:
            # their squares cannot overflow.
            if self._tensor_result(name, node, args, param)[0] in (F64_TENSOR,
                                                                   Seq(F64_TENSOR)):
                return (Seq(F64_TENSOR), None)
            return (Seq(HOST_TENSOR if on_host else TENSOR), param)
        if name in TORCH_FACTORIES or name.endswith("_like"):
            return self._factory(name, node, positional)
        return self._tensor_result(name, node, args, param)

    def _factory(self, name: str, node: ast.Call, args: list[Value]) -> Value:
        dtype = _keyword(node, "dtype")
        f64 = dtype is not None and self._is_float64(dtype)
        device = _keyword(node, "device")
        if name.endswith("_like") and args:
            base = args[0][0]
            if device is None:
                return (base if base in TENSORS else TENSOR, None)
        elif name in COPYING_CONSTRUCTORS and device is None and args and \
                args[0][0] in DEVICE_TENSORS:
            # `torch.as_tensor(t)` is `t`, `torch.tensor(t)` a copy of it on its device.
            if f64:
                return (F64_TENSOR, None)
            return (args[0][0] if dtype is None else TENSOR, None)
        elif device is None and not self.default_device and \
                not any(k.arg is None for k in node.keywords):
            # `torch.arange(n)`, `torch.tensor([...])`: on the CPU; not `torch.randperm(n,
            # **kwargs)`, whose caller's keywords may name a device.
            return (HOST_TENSOR, None)
        if device is not None and cpu_device(self, device):
            return (HOST_TENSOR, None)
        return (F64_TENSOR if f64 else TENSOR, _device_source(self, device))

    def _tensor_result(self, name: str, node: ast.Call, args: list[Value],
                       param: int | None) -> Value:
        """A torch op applied to `args`: on the host if all its tensor inputs are."""
        if name in BOOL_RESULTS:
            kind: Kind = BOOL_TENSOR
        else:
            dtype = _keyword(node, "dtype")
            kind = F64_TENSOR if dtype is not None and self._is_float64(dtype) else TENSOR
        inputs = _tensor_inputs([a[0] for a, arg in zip(args, node.args)
                                 if not isinstance(arg, ast.Starred)])
        if inputs and all(k is HOST_TENSOR for k in inputs):
            return (HOST_TENSOR, None)
        if args and all(a[0] is HOST for a in args) and not self.default_device and \
                _keyword(node, "device") is None:
            return (HOST_TENSOR, None)  # `torch.div(n, 2)` of Python numbers
        if kind is TENSOR and inputs and all(k is F64_TENSOR for k in inputs):
            kind = F64_TENSOR
        if name in _SPLITS or name in ("meshgrid", "broadcast_tensors"):
            return (Seq(kind), param)
        return (kind, param)

    def _builtin(self, node: ast.Call, name: str, args: list[Value]) -> Value:
        bound = self.env.get(name)
        if bound is not None:
            return (bound[0].returns, None) if isinstance(bound[0], Func) else _UNKNOWN_VALUE
        if name in ("float", "int", "bool", "complex") and len(args) == 1:
            value = args[0]
            if value[0] in DEVICE_TENSORS:
                self._effect(SYNC_READ, node, f"`{name}()` of a tensor", value, "tensor")
            elif value[0] is UNKNOWN and value[1] is not None:
                self._effect(SYNC_READ, node, f"`{name}()` of a tensor", value, "value")
            return (HOST, None)
        if name in HOST_BUILTINS:
            return (HOST, None)
        positional = [value for value, arg in zip(args, node.args)
                      if not isinstance(arg, ast.Starred)]
        if not positional:
            # `zip(*score.cpu().sort())`: tuples of host items
            star = zip_star(args[0][0]) if name == "zip" and len(args) == 1 else None
            return _UNKNOWN_VALUE if star is None or node.keywords else (star, None)
        first = positional[0][0]
        if name in ("list", "tuple", "sorted", "reversed", "set", "iter", "frozenset"):
            return (Seq(elem_of(first)), None)
        if name == "enumerate":
            return (Seq(Tup((HOST, elem_of(first)))), None)
        if name == "zip":
            return (Seq(Tup(tuple(elem_of(a[0]) for a in positional))), None)
        if name == "next":
            return (elem_of(first), None)
        if name == "abs":
            return positional[0] if first in TENSORS or first in (HOST, NUMPY) else _UNKNOWN_VALUE
        if name in ("sum", "max", "min"):
            if len(positional) == 1:
                element = elem_of(first)
                return (element if element in TENSORS or element is HOST else UNKNOWN, None)
            return (join_all([a[0] for a in positional]), None)
        if name == "dict":
            if isinstance(first, MappingKind):
                return (first, None)
            element = elem_of(first)
            if isinstance(element, Tup) and len(element.items) == 2:
                return (MappingKind(element.items[0], element.items[1]), None)
            return (MappingKind(UNKNOWN, UNKNOWN), None)
        if name == "filter" and len(positional) == 2:
            return (Seq(elem_of(positional[1][0])), None)
        if name == "groupby":
            # `groupby(y)`: (key, run) pairs, the keys `y`'s elements (a key function's
            # results otherwise), the runs iterators over them.
            element = elem_of(first)
            key = element if len(positional) == 1 and not node.keywords else UNKNOWN
            return (Seq(Tup((key, Seq(element)))), None)
        return _UNKNOWN_VALUE

#: Library functions whose results' kinds are those of a builtin's: `zip_longest` yields
#: its arguments' elements as `zip` does (or its fill value, a host value, once one ends);
#: `groupby` yields its argument's elements as keys (fresh17 M2).
_AS_BUILTINS = {"itertools.zip_longest": "zip", "itertools.groupby": "groupby"}


def _called(calls: Calls, node: ast.Call, called: Kind, values: list[Value]) -> Value:
    """Calling a module (its forward: a tensor) or a library object."""
    found = library.called_result(called, [v[0] for v in values],
                                  name=library.ast_name(node.func), roots=calls.roots)
    if found is not None:
        return (found, None)
    return (TENSOR, None) if called is MODULE else _UNKNOWN_VALUE


def cpu_device(calls: Calls, node: ast.expr | None) -> bool:
    """A literal CPU device, a parameter still bound to its default CPU device, or the
    device of a name bound to a CPU tensor (`device=grid.device`, `grid` built on the
    CPU: transformers video_llama_3's processor)."""
    if isinstance(node, ast.Attribute) and node.attr == "device" and \
            isinstance(node.value, ast.Name):
        bound = calls.env.get(node.value.id)
        return bound is not None and bound[0] is HOST_TENSOR
    return _is_cpu(node) or (isinstance(node, ast.Name) and node.id in calls.cpu_devices)


def _all_on_host(args: list[Value]) -> bool:
    tensors = _tensor_inputs([a[0] for a in args])
    return bool(tensors) and all(k is HOST_TENSOR for k in tensors)


def _argument(node: ast.Call, index: int, summary: Summary) -> tuple[ast.expr | None, bool]:
    """What `node` passes for the parameter at `index` of `summary`'s function (a
    position in `Summary.settable`: positional, then keyword-only), or None when it
    passes nothing there (the default); and whether that is known: a `*args` or
    `**kwargs` of the call may pass it unseen."""
    params = summary.params
    if index < len(params):
        for position, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break  # `f(*xs, b)`: which parameter each argument fills is not known
            if position == index:
                return arg, True
        name: str | None = params[index]
        starred = any(isinstance(arg, ast.Starred) for arg in node.args)
    else:
        keywords = summary.keywords
        name = keywords[index - len(params)] if index - len(params) < len(keywords) else None
        starred = False
    found = next((k.value for k in node.keywords if k.arg == name), None)
    if found is not None:
        return found, True
    return None, not starred and not any(k.arg is None for k in node.keywords)


def _device_source(calls: Calls, device: ast.expr | None) -> int | None:
    """The parameter a factory's `device=x.device` takes its device from (`x`, or a
    value derived from it): what it makes lives where the caller's argument does, so a
    read of it syncs only where that argument is a device tensor (torchvision's
    `normalize` on a data pipeline's host images)."""
    if not isinstance(device, ast.Attribute) or device.attr != "device":
        return None
    return calls.last.get(id(device.value), _UNKNOWN_VALUE)[1]


def _passed(index: int, summary: Summary, args: list[Value],
            keywords: list[tuple[str | None, Value]]) -> Value | None:
    """The value a call passes for the parameter at `index`: positional, else by its
    name as a keyword (`read(t=loss)`); None when it passes nothing there."""
    if index < len(args):
        return args[index]
    name = summary.params[index] if index < len(summary.params) else None
    return next((value for keyword, value in keywords if keyword == name), None) \
        if name is not None else None


def _returned(summary: Summary, args: list[Value], none: bool = False) -> Value:
    """What a call of the project function `summary` with `args` (positional) returns;
    `none`: the call passes a literal `None` where the result comes from."""
    source = summary.returns_from
    if source is not None and source < len(args) and args[source][0] in _HOST_ARGUMENTS \
            and not none:
        # Computed from the CPU tensor (or the Python number) passed in. `None` is
        # neither: a result made from it (`device=logits.device`) comes from elsewhere.
        return (on_host(summary.returns), None)
    if source is not None and source < len(args) and summary.returns is UNKNOWN and \
            args[source][0] in DEVICE_TENSORS:
        # Computed from the device tensor passed in by tensor operations the helper
        # alone cannot name (`def fast_all(t): return t.sum() == t.numel()`): a
        # tensor where that one is (host values, metadata and calls were known).
        return (args[source][0], None)
    return (summary.returns, None)


def _none_at(node: ast.Call, summary: Summary) -> bool:
    """Whether `node` passes a literal `None` for the parameter its result comes from."""
    if summary.returns_from is None:
        return False
    found, _ = _argument(node, summary.returns_from, summary)
    return isinstance(found, ast.Constant) and found.value is None


def _returned_tensors(calls: Calls, node: ast.Call) -> Kind | None:
    """`processor(images, return_tensors="pt")`, `calls.padder.pad(..., return_tensors=
    "pt")`: a mapping of tensors made on the CPU (or of arrays), whichever function
    makes it, the project's own included; not where `device=` names another device (a
    fast image processor given `device="cuda"`)."""
    if not any(keyword.arg == "return_tensors" for keyword in node.keywords):
        return None
    if library.ast_device(node, lambda device: cpu_device(calls, device)) == "other":
        return None
    return library.ast_return_tensors(node, calls._qualified)


def _on_host_after(flow: Calls, node: ast.Call, qualified: str) -> None:
    """After a call that raises unless an argument is a CPU tensor
    (`knowledge.torch.CPU_ONLY_ARGUMENTS`), a name passed there that held a tensor holds a
    CPU tensor (`pack_padded_sequence(x, n_wins)`, then `int(n_wins.max())`)."""
    where = CPU_ONLY_ARGUMENTS.get(qualified)
    if where is None:
        return
    position, keyword = where
    arg = next((k.value for k in node.keywords if k.arg == keyword), None)
    if arg is None and len(node.args) > position and \
            not any(isinstance(a, ast.Starred) for a in node.args[:position + 1]):
        arg = node.args[position]
    if isinstance(arg, ast.Name) and flow.env.get(arg.id, _UNKNOWN_VALUE)[0] in TENSORS:
        flow._bind(arg, (HOST_TENSOR, None), None)


def _note_arguments(flow: Flow, node: ast.Call, keys: tuple[str, ...],
                    evaluated: tuple[list[Value], list[Value]]) -> None:
    """What a call of a module passes its `forward` (`keys`: the method, or the methods
    of project subclasses that run in place of one that only declares itself), for the
    callers' facts (`callers.find_host_params`)."""
    args, values = evaluated
    for key in keys:
        summary = flow.project.summaries.get(key)
        if summary is None:
            continue
        if any(k.arg is None for k in node.keywords):
            note_call(flow, key, None)
            continue
        filled = {summary.params[i]: value[0] for i, value in enumerate(args)
                  if i < len(summary.params)}
        filled.update((k.arg, value[0]) for k, value in zip(node.keywords, values)
                      if k.arg is not None)
        note_call(flow, key, filled)


def _callee_syncs(flow: Flow, node: ast.Call | ast.Attribute, summary: Summary,
                  passed: tuple[list[Value], list[tuple[str | None, Value]]], call: Site,
                  recursive: bool) -> None:
    """What calling the project function `summary` at `node` (a call, or the read of a
    property; `call`, its site) syncs in the evaluation `flow`, each chain starting at
    `call`: its own syncs, those under a test of its parameters where this call passes
    settings for them, and those on a parameter where the argument (`passed`: the
    positional and keyword arguments' values) makes them happen. `recursive`: a call of
    the function being evaluated (`Flow._add`)."""
    args, keywords = passed
    # Cold code under a setting (`if self.disable_adapters: self.unmerge()`) runs
    # once when the setting changes, not on every step it holds.
    once = summary.cold is not None and bool(flow.settings)
    # A call in a loop is reported here, at the innermost per-step call (`Effect.looped`).
    here = (flow.function.key,) if flow.loops else ()
    def argument(index: int) -> ast.expr | None:
        return _argument(node, index, summary)[0] if isinstance(node, ast.Call) else None

    for effect in () if once else summary.syncs:
        split = split_carried(flow, node, effect.when, argument)  # `x = f(x)` in a loop
        if split is None:
            continue
        when = _settings_passed(flow, split[0], node, summary)
        if when is not None:
            flow._add(Effect(effect.code, called_first(call, effect.chain), effect.likely, when,
                             looped_in(effect.looped, () if split[1] else here)),
                      (UNKNOWN, None), None, recursive)
    for param_effect in () if once else summary.param_effects:
        split = split_carried(flow, node, param_effect.effect.when, argument)
        if split is None:
            continue
        when = _settings_passed(flow, split[0], node, summary)
        arg = _passed(param_effect.index, summary, args, keywords)
        if arg is None or when is None:
            continue
        kind, param = arg
        # The call in a loop reports the read only where its argument is known to sync
        # (an unknown parameter passed on is not: the callers' calls report it).
        syncs_here = argument_syncs(kind, param_effect.strength) is not None
        effect = Effect(param_effect.effect.code, called_first(call, param_effect.effect.chain),
                        param_effect.effect.likely, when,
                        looped_in(param_effect.effect.looped,
                                  here if syncs_here and not split[1] else ()))
        if param is not None and kind not in (HOST, NUMPY, HOST_TENSOR):
            flow._add(effect, arg, param_effect.strength, recursive)
        elif argument_syncs(kind, param_effect.strength) is not None:
            flow._add(Effect(effect.code, effect.chain,
                             effect.likely or kind not in DEVICE_TENSORS, when,
                             effect.looped),
                      (kind, None), None, recursive)


def _settings_passed(flow: Flow, when: tuple[int, ...], node: ast.Call | ast.Attribute,
                     summary: Summary) -> tuple[int, ...] | None:
    """A callee's sync under a test of its parameters at `when` (`Effect.when`)
    happens on every call that passes settings for them (an omitted argument, its
    default, is one): None when this call passes something else, else the
    parameters of this function those settings read in turn. A property's read
    (`node`, an attribute) passes nothing."""
    found: set[int] = set()
    for index in when:
        arg, known = _argument(node, index, summary) if isinstance(node, ast.Call) \
            else (None, True)
        if not known:
            return None  # `f(x, **options)`: whatever it passes may change every step
        if arg is None:
            continue
        if not setting_test(arg, lambda e: flow.last.get(id(e), _UNKNOWN_VALUE)[0],
                            Bound(flow), flow._run_setting):
            return None
        read = parameters_read(arg, flow.function.node, flow.settable)
        if read is None:
            return None
        found.update(read)
        if flow.setting_tests is not None and flow.record is not None:
            flow.setting_tests.update(ast_spans(arg, flow.record[1]))
    return tuple(sorted(found))


def _host_loader(calls: Calls, key: str, node: ast.Call) -> bool:
    """`DataLoader(...)` of a project class deriving from torch's that keeps torch's
    iteration (no `__iter__` of its own) and is given no `collate_fn`: it yields
    what its dataset built, on the host (`knowledge.host_data`), or a collate function
    that keeps them there (`data_transforms.collate_keeps_host`)."""
    return knowledge.is_loader(calls._library_bases(key)) and not any(
        "__iter__" in cls.methods for cls in calls.project._mro(key)) and \
        collate_keeps_host(calls, node)


def _host_copy_before(node: ast.expr) -> ast.Call | None:
    """The `.cpu()` or `.to("cpu")` call a `.numpy()` is called on, through `.detach()`
    (`x.to("cpu").detach().numpy()`), or None."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        method = node.func.attr
        if method == "cpu" or (method == "to" and _to_cpu(node)):
            return node
        if method != "detach":
            return None
        node = node.func.value
    return None

