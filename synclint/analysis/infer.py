"""Tensor inference: which names and expressions of a function are tensors, and where they live.

In straight-line code the last binding wins; after an `if` the walker merges what each
branch that falls through left (`Env.merge_paths`: a tensor on one branch and an int on
the other is UNKNOWN). Anything outside the file comes from the project index. It is
deliberately conservative: a value is a tensor when the code proves it (torch calls,
tensor methods, `.parameters()`, `.grad`, annotations), UNKNOWN otherwise; a tensor made
on the CPU (a factory without `device=`, `.cpu()`, `from_numpy`) is a HOST_TENSOR.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import libcst as cst

from synclint import knowledge
from synclint.analysis import library, library_cst
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
    Branch,
    Func,
    Instance,
    Kind,
    Mapping,
    Seq,
    Simple,
    Tup,
    close_branch,
    elem_of,
    item_of,
    join,
    join_all,
    merge,
    proved_kinds,
)
from synclint.analysis.names import Imports
from synclint.analysis.narrowing import EXPRESSION
from synclint.analysis.torch_api import (
    ACCELERATOR_MODULES,
    BOOL_RESULTS,
    DTYPE_NAMES,
    F64_DTYPES,
    HOST_ATTRIBUTES,
    HOST_BUILTINS,
    HOST_MEMORY_FUNCTIONS,
    HOST_METHODS,
    MODULE_TENSOR_ITERATORS,
    TENSOR_ATTRIBUTES,
    TORCH_FACTORIES,
    TORCH_HOST_FUNCTIONS,
    TORCH_KEYWORDS,
    TORCH_ONLY_METHODS,
    TORCH_SEQUENCE_FUNCTIONS,
    WEAK_TENSOR_METHODS,
)

#: Scope key prefix for `self.<attr>` assigned in the current method.
SELF = "self."
#: Modules whose calls return NumPy values.
#: Libraries whose calls give NumPy values (NumPy, FAISS ...: `knowledge.ARRAY_ROOTS`).
NUMPY_MODULES = tuple(sorted(knowledge.ARRAY_ROOTS))
_CODE = cst.Module(body=[])
#: Annotation names that mean "a sequence of".
SEQUENCE_ANNOTATIONS = frozenset(
    {"list", "List", "Sequence", "Iterable", "Iterator", "Collection", "tuple", "Tuple",
     "set", "Set", "Generator", "MutableSequence", "Reversible"}
)
MAPPING_ANNOTATIONS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict"})
OPTIONAL_ANNOTATIONS = frozenset({"Optional", "Final", "Annotated"})


class Env:
    """The bindings visible at a point of the traversal: a stack of scopes."""

    def __init__(self, imports: Imports) -> None:
        self.imports = imports
        self._scopes: list[dict[str, Kind]] = [{}]
        #: Per scope, the names whose current binding is the literal `None` (a placeholder
        #: that a later branch fills: `best = None`, then `best = loss` on some path).
        self._nones: list[set[str]] = [set()]
        #: Per scope, the names whose current binding is a parameter's default CPU device
        #: (`def __init__(self, device="cpu")`): factories given it make CPU tensors.
        self._cpu_devices: list[set[str]] = [set()]
        imports.is_shadowed = self._is_shadowed
        self._cache: dict[int, tuple[int, Kind]] = {}
        self._epoch = 0
        #: Expressions narrowed by an enclosing test (`isinstance(params[k], np.integer)`).
        self._narrowed: dict[str, Kind] = {}
        #: Whole-program answers, when an index is available: the return kind of a project
        #: function a call reaches, and the kind of `self.<name>` in the current class.
        self.project_call: Callable[[cst.Call], Kind | None] = lambda node: None
        self.self_attribute: Callable[[str], Kind | None] = lambda name: None
        #: The kind of an attribute of an instance of a project class (`Instance`).
        self.instance_attribute: Callable[[str, str], Kind] = lambda cls, name: UNKNOWN
        #: The qualified library bases of the current class (`transformers.Trainer`): what
        #: `self.<attribute>` and `self.<method>()` are when the project does not define them.
        self.self_bases: Callable[[], tuple[str, ...]] = lambda: ()
        #: The file calls `torch.set_default_device`: a factory without `device=` may then
        #: make an accelerator tensor, so it is not known to be on the CPU.
        self.default_device_set = False
        #: One frame per `if` branch being visited: the names it rebound, and the names
        #: whose value at the branch's start a tensor op proved a tensor (`x = x & mask`).
        self._branches: list[Branch] = []

    # -- scopes -----------------------------------------------------------------------
    def push(self, bindings: dict[str, Kind] | None = None) -> None:
        self._scopes.append(bindings if bindings is not None else {})
        self._nones.append(set())
        self._cpu_devices.append(set())
        self._epoch += 1

    def pop(self) -> None:
        self._scopes.pop()
        self._nones.pop()
        self._cpu_devices.pop()
        self._epoch += 1

    def bind_cpu_device(self, name: str) -> None:
        """`name` is a parameter whose default is the CPU device (`device="cpu"`)."""
        self._cpu_devices[-1].add(name)
        self._epoch += 1

    def is_cpu_device(self, node: cst.BaseExpression) -> bool:
        """A literal CPU device, or a parameter still bound to its default CPU device (a
        metric's states made with `device=device`, `device="cpu"`, live on the CPU)."""
        if _is_cpu_device(node):
            return True
        if not isinstance(node, cst.Name):
            return False
        for scope, cpu in zip(reversed(self._scopes), reversed(self._cpu_devices)):
            if node.value in scope:
                return node.value in cpu
        return False

    @contextmanager
    def scope(self, bindings: dict[str, Kind] | None = None) -> Iterator[None]:
        self.push(bindings)
        try:
            yield
        finally:
            self.pop()

    def bind(self, name: str, kind: Kind) -> None:
        scope = self._scopes[-1]
        self._nones[-1].discard(name)
        self._cpu_devices[-1].discard(name)
        if self._branches:
            self._branches[-1].rebound.add(name)
        if scope.get(name) != kind:
            scope[name] = kind
            self._epoch += 1

    def bind_none(self, name: str) -> None:
        """`name = None`: a host value, and a placeholder that merging paths ignore."""
        self.bind(name, HOST)
        self._nones[-1].add(name)

    def bind_empty_list(self, name: str) -> None:
        """`name = []`: a list whose elements its appends decide; a placeholder too."""
        self.bind(name, Seq(UNKNOWN))
        self._nones[-1].add(name)

    def append(self, name: str, kind: Kind) -> None:
        """`name.append(value)`: the list now holds values of `kind` too."""
        current = self.lookup(name)
        if not isinstance(current, Seq):
            return
        if name in self._nones[-1] and current.elem is UNKNOWN:
            self.bind(name, Seq(kind))  # the first append to an empty list
        elif current.elem != kind:
            self.bind(name, Seq(join(current.elem, kind)))

    # -- branches: what a tensor op in one branch proves about a name -----------------
    def open_branch(self) -> None:
        self._branches.append(Branch(len(self._scopes)))

    def close_branch(self) -> Branch:
        """End the innermost branch frame (`kinds.close_branch`)."""
        return close_branch(self._branches)

    @property
    def in_branch(self) -> bool:
        return bool(self._branches)

    def prove_tensor(self, name: str) -> None:
        """A tensor op applies to `name`'s value from the start of the current branch (it
        has not rebound `name` yet): that value is a tensor."""
        frame = self._branches[-1] if self._branches else None
        if frame is not None and frame.depth == len(self._scopes) and \
                name not in frame.rebound and name in self._scopes[-1]:
            frame.proved.add(name)

    # -- paths: the bindings of the current scope along two branches ------------------
    def snapshot(self) -> tuple[dict[str, Kind], frozenset[str]]:
        return dict(self._scopes[-1]), frozenset(self._nones[-1])

    def restore(self, state: tuple[dict[str, Kind], frozenset[str]]) -> None:
        self._scopes[-1].clear()
        self._scopes[-1].update(state[0])
        self._nones[-1] = set(state[1])
        self._epoch += 1

    def merge_paths(self, first: tuple[dict[str, Kind], frozenset[str]] | None,
                    second: tuple[dict[str, Kind], frozenset[str]] | None,
                    branches: tuple[Branch, Branch] | None = None) -> None:
        """Bind the current scope to what holds after either of two paths ran (None: a
        path that never reaches the join: it returns, raises, breaks or continues).

        A name bound on only one path, or bound to `None` on one, takes the other path's
        kind; a name bound to different kinds is merged (`kinds.merge`): a tensor on one
        branch and an int on the other is no longer a sure tensor. Except where a tensor
        op proved it (`branches`: the two paths' frames): `if c: x = x & mask` leaves a
        device tensor on one path, and on the other the value that op was applied to,
        unknown before but a tensor all the same.
        """
        if first is None or second is None:
            chosen = first if second is None else second
            if chosen is not None:
                self.restore(chosen)
            return
        kinds: dict[str, Kind] = {}
        nones: set[str] = set()
        for name in first[0].keys() | second[0].keys():
            a, b = first[0].get(name), second[0].get(name)
            a_none, b_none = name in first[1], name in second[1]
            if a is None or (a_none and b is not None):
                kinds[name] = b if b is not None else HOST
                if b_none or b is None:
                    nones.add(name)
            elif b is None or b_none:
                kinds[name] = a
                if a_none:
                    nones.add(name)
            else:
                if branches is not None and a is not b and UNKNOWN in (a, b):
                    a, b = proved_kinds(name, a, b, branches)
                kinds[name] = merge(a, b)
        self.restore((kinds, frozenset(nones)))

    def lookup(self, name: str) -> Kind | None:
        for scope in reversed(self._scopes):
            kind = scope.get(name)
            if kind is not None:
                return kind
        return None

    def _is_shadowed(self, name: str) -> bool:
        """A name bound by code (not by an import) in any scope visible here."""
        return len(self._scopes) > 1 and any(name in scope for scope in self._scopes[1:])

    def bind_target(self, target: cst.BaseExpression, kind: Kind) -> None:
        """Bind an assignment or loop target, destructuring tuples."""
        if isinstance(target, cst.Name):
            self.bind(target.value, kind)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for index, element in enumerate(target.elements):
                if isinstance(element, cst.StarredElement):
                    self.bind_target(element.value, Seq(elem_of(kind)))
                else:
                    self.bind_target(element.value, item_of(kind, index))
        elif isinstance(target, cst.StarredElement):
            self.bind_target(target.value, Seq(elem_of(kind)))
        elif isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and \
                target.value.value == "self":
            # `self.sigmas = sigmas.to("cpu")`: later reads in this method see this value
            # (the key is no identifier, so it never clashes with a name).
            self.bind(SELF + target.attr.value, kind)

    # -- inference --------------------------------------------------------------------
    def kind(self, node: cst.BaseExpression) -> Kind:
        # Cached per binding epoch: a kind inferred before a later binding (a rule looking
        # ahead, a loop pre-scan) must not be served after the binding changed.
        key = id(node)
        cached = self._cache.get(key)
        if cached is not None and cached[0] == self._epoch:
            return cached[1]
        kind = self._infer(node)
        self._cache[key] = (self._epoch, kind)
        return kind

    def forget(self, node: cst.CSTNode) -> None:
        """Drop a cached kind (a name read before a later rebinding in a loop)."""
        self._cache.pop(id(node), None)

    def _infer(self, node: cst.BaseExpression) -> Kind:
        if isinstance(node, cst.Name):
            return self._infer_name(node)
        if self._narrowed and isinstance(node, (cst.Subscript, cst.Attribute)):
            narrowed = self._narrowed.get(EXPRESSION + _CODE.code_for_node(node))
            if narrowed is not None:
                return narrowed
        if isinstance(node, cst.Call):
            return self._infer_call(node)
        if isinstance(node, cst.Attribute):
            return self._infer_attribute(node)
        if isinstance(node, cst.BinaryOperation):
            return combine(self.kind(node.left), self.kind(node.right), node.operator)
        if isinstance(node, cst.Comparison):
            return self._infer_comparison(node)
        if isinstance(node, cst.UnaryOperation):
            if isinstance(node.operator, cst.Not):
                return HOST
            operand = self.kind(node.expression)
            return operand if operand in TENSORS or operand in (HOST, NUMPY) else UNKNOWN
        if isinstance(node, cst.Subscript):
            return self._infer_subscript(node)
        if isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString,
                             cst.ConcatenatedString, cst.FormattedString)):
            return HOST
        if isinstance(node, cst.List):
            return Seq(join_all([self._element_kind(e) for e in node.elements]))
        if isinstance(node, cst.Tuple):
            if any(isinstance(e, cst.StarredElement) for e in node.elements):
                return Seq(join_all([self._element_kind(e) for e in node.elements]))
            return Tup(tuple(self.kind(e.value) for e in node.elements))
        if isinstance(node, cst.Set):
            return Seq(join_all([self._element_kind(e) for e in node.elements]))
        if isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp)):
            with self.comprehension(node.for_in):
                return Seq(self.kind(node.elt))
        if isinstance(node, cst.DictComp):
            with self.comprehension(node.for_in):
                return Mapping(self.kind(node.key), self.kind(node.value))
        if isinstance(node, cst.Dict):
            keys: list[Kind] = []
            values: list[Kind] = []
            for element in node.elements:
                if isinstance(element, cst.DictElement):
                    keys.append(self.kind(element.key))
                    values.append(self.kind(element.value))
            return Mapping(join_all(keys), join_all(values))
        if isinstance(node, cst.IfExp):
            return join(self.kind(node.body), self.kind(node.orelse))
        if isinstance(node, cst.NamedExpr):
            return self.kind(node.value)
        if isinstance(node, cst.BooleanOperation):
            return join(self.kind(node.left), self.kind(node.right))
        return UNKNOWN

    def _element_kind(self, element: cst.BaseElement) -> Kind:
        if isinstance(element, cst.StarredElement):
            return elem_of(self.kind(element.value))
        return self.kind(element.value)

    @contextmanager
    def narrowed(self, kinds: dict[str, Kind]) -> Iterator[None]:
        """Names whose kind a test proves, for one branch (`isinstance(x, torch.Tensor)`).

        A name the branch rebinds keeps its new kind after the branch; the others get
        their kind from before the test back.
        """
        if not kinds:
            yield
            return
        expressions = {key: kind for key, kind in kinds.items() if key.startswith(EXPRESSION)}
        kinds = {name: kind for name, kind in kinds.items() if name not in expressions}
        saved_expressions = dict(self._narrowed)
        self._narrowed.update(expressions)
        self._epoch += 1
        scope = self._scopes[-1]
        nones = self._nones[-1]
        saved = {name: scope.get(name) for name in kinds}
        saved_nones = {name for name in kinds if name in nones}
        for name, kind in kinds.items():
            self.bind(name, kind)
        try:
            yield
        finally:
            self._narrowed = saved_expressions
            self._epoch += 1
            nones = self._nones[-1]
            for name, kind in kinds.items():
                if scope.get(name) != kind:
                    continue  # rebound in the branch
                old = saved[name]
                if old is None:
                    del scope[name]
                    self._epoch += 1
                else:
                    self.bind(name, old)
                    if name in saved_nones:
                        nones.add(name)

    @contextmanager
    def comprehension(self, for_in: cst.CompFor) -> Iterator[None]:
        """Bind the targets of a comprehension's `for` clauses in a scope of their own."""
        self.push()
        try:
            clause: cst.CompFor | None = for_in
            while clause is not None:
                self.bind_target(clause.target, elem_of(self.kind(clause.iter)))
                clause = clause.inner_for_in
            yield
        finally:
            self.pop()

    def _infer_name(self, node: cst.Name) -> Kind:
        bound = self.lookup(node.value)
        if bound is not None:
            return bound
        if node.value in ("True", "False", "None"):
            return HOST
        return UNKNOWN

    def _infer_attribute(self, node: cst.Attribute) -> Kind:
        if isinstance(node.value, cst.Name) and node.value.value == "self":
            assigned = self.lookup(SELF + node.attr.value)
            if assigned is not None:
                return assigned  # set earlier in this method
            known = self.self_attribute(node.attr.value)
            if known is not None:
                return known
            if node.attr.value in knowledge.ATTRIBUTE_NAMES:
                known = library.attribute_result(UNKNOWN, node.attr.value, name="self",
                                                 self_bases=self.self_bases())
                if known is not None:
                    return known
        qualified = self.imports.qualify(node)
        if qualified is not None and qualified.startswith("torch."):
            # torch.float32, torch.cuda ... are host objects, not tensors.
            return HOST
        attr = node.attr.value
        if attr == "grad":
            base = self.kind(node.value)
            return F64_TENSOR if base is F64_TENSOR else TENSOR
        base = self.kind(node.value)
        found = library.attribute_result(base, attr, name=library_cst.cst_name(node.value),
                                         roots=self.imports.roots)
        if found is not None:
            return found
        if isinstance(base, Instance):
            return self.instance_attribute(base.cls, attr)
        if base in TENSORS:
            if attr in HOST_ATTRIBUTES:
                return HOST
            if attr in TENSOR_ATTRIBUTES:
                return base
            return UNKNOWN
        if attr in ("shape", "dtype", "device", "ndim"):
            # Host metadata on whatever has it (tensors, arrays): never a device value.
            return HOST
        if isinstance(base, Mapping) and base.value in (HOST_TENSOR, NUMPY):
            # A tokenizer's or processor's output (`BatchEncoding`): its fields are
            # attributes too (`inputs.attention_mask`).
            return base.value
        return UNKNOWN

    def _infer_comparison(self, node: cst.Comparison) -> Kind:
        for target in node.comparisons:
            if isinstance(target.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)):
                return HOST
            if _is_string(target.comparator) or _is_string(node.left):
                # `reduction == "mean"`: a tensor never equals a string; never a tensor test.
                return HOST
        kinds = [self.kind(node.left)] + [self.kind(t.comparator) for t in node.comparisons]
        if any(k in DEVICE_TENSORS for k in kinds):
            return BOOL_TENSOR
        if any(k is HOST_TENSOR for k in kinds):
            return HOST_TENSOR
        if any(k is NUMPY for k in kinds):
            return NUMPY
        if all(k is HOST for k in kinds):
            return HOST
        return UNKNOWN

    def _infer_subscript(self, node: cst.Subscript) -> Kind:
        base = self.kind(node.value)
        if isinstance(base, Instance):
            key, key_node = library_cst.cst_key(node)
            found = library.item_result(base, key, UNKNOWN if key_node is None
                                        else self.kind(key_node))
            return found if found is not None else UNKNOWN
        if isinstance(base, Simple):
            if base is BOOL_TENSOR:
                return BOOL_TENSOR
            return base if base in TENSORS or base in (NUMPY, HOST) else UNKNOWN
        index: int | None = None
        is_slice = False
        if len(node.slice) == 1:
            inner = node.slice[0].slice
            if isinstance(inner, cst.Slice):
                is_slice = True
            elif isinstance(inner, cst.Index):
                index = _literal_int(inner.value)
        if is_slice and isinstance(base, (Seq, Tup)):
            return Seq(elem_of(base))
        return item_of(base, index)

    # -- calls ------------------------------------------------------------------------
    def _infer_call(self, node: cst.Call) -> Kind:
        returned = self.project_call(node)
        if returned is not None:
            return returned
        returned = library_cst.cst_return_tensors(node, self.imports.qualify)
        if returned is not None:
            return returned
        func = node.func
        qualified = self.imports.qualify(func)
        if qualified is not None:
            found = library.call_result(qualified, lambda: self._positional(node),
                                        lambda: library_cst.cst_device(node, self.is_cpu_device))
            if found is not None:
                return found
            return self._infer_qualified_call(qualified, node)
        called = self.kind(func)
        name = library_cst.cst_name(func)
        if called is MODULE or isinstance(called, Instance) or (called is UNKNOWN and (
                library.calls_tensordicts(self.imports.roots)
                or name in knowledge.HINT_NAMES)):
            found = library.called_result(called, self._positional(node), name=name,
                                          roots=self.imports.roots)
            if found is not None:
                return found
        if called is MODULE:
            return TENSOR  # calling an nn.Module runs its forward
        if isinstance(func, cst.Name):
            return self._infer_builtin_call(func.value, node)
        if isinstance(func, cst.Attribute):
            return self._infer_method_call(self.kind(func.value), func.attr.value, node)
        return UNKNOWN

    def _infer_qualified_call(self, qualified: str, node: cst.Call) -> Kind:
        head = qualified.split(".")[0]
        if head in NUMPY_MODULES:
            return NUMPY
        if head == "math":
            return HOST
        if head != "torch":
            return UNKNOWN
        parts = qualified.split(".")
        name = parts[-1]
        if any(part.startswith("_") for part in parts[1:-1]) or (
            name.startswith("_") and not name.startswith("_foreach_")
        ):
            # torch internals (torch._utils, torch.__future__, torch._C ...): unknown.
            return UNKNOWN
        if name.startswith(("is_", "are_", "has_", "get_", "set_", "use_")):
            return HOST
        if len(parts) >= 3 and parts[1] in ACCELERATOR_MODULES:
            # torch.cuda.device_count(), torch.npu.current_device(), torch.xpu.memory_allocated()
            # ...: host values; classes (streams, events) are unknown objects.
            return HOST if name[:1].islower() else UNKNOWN
        if len(parts) >= 2 and parts[1] == "multiprocessing":
            # Processes, contexts, queues: host objects (a context's join() is a bool).
            return HOST
        if qualified == "torch.load":
            # The saved container: a checkpoint dict, not a tensor.
            return Mapping(HOST, UNKNOWN)
        if qualified in ("torch.nn.utils.clip_grad_norm_", "torch.nn.utils.parameters_to_vector",
                         "torch.nn.utils.get_total_norm"):
            return TENSOR
        if qualified in ("torch.autograd.grad",):
            return Seq(TENSOR)
        if len(parts) >= 3 and parts[1] == "nn" and parts[2] == "functional":
            return self._tensor_result(name, node.args)
        if len(parts) >= 2 and parts[1] in ("nn", "optim", "utils", "distributed", "jit",
                                             "cuda", "backends", "autograd", "compiler",
                                             "profiler", "onnx", "export", "hub",
                                             "_dynamo", "_C", "fx", "overrides", "amp",
                                             "testing", "accelerator", "mps", "xpu"):
            if len(parts) >= 3 and parts[1] == "nn" and name[:1].isupper():
                return MODULE
            return UNKNOWN
        if name.endswith("Tensor") and name[:1].isupper() and not self.default_device_set:
            # torch.Tensor(data), torch.LongTensor(actions): CPU tensors made from host data.
            return HOST_TENSOR
        if name in TORCH_HOST_FUNCTIONS:
            return HOST
        if name in ("load", "save"):
            return UNKNOWN  # a checkpoint of any Python objects (a dict, usually), or None
        if name in HOST_MEMORY_FUNCTIONS:
            return HOST_TENSOR
        if name in TORCH_SEQUENCE_FUNCTIONS or name.startswith("_foreach_"):
            # `_foreach_norm([g.double() ...])` stays float64: its squares cannot overflow.
            if self._tensor_result(name, node.args) is F64_TENSOR:
                return Seq(F64_TENSOR)
            return Seq(TENSOR)
        if name in TORCH_FACTORIES or name.endswith("_like"):
            return self._factory_result(name, node)
        if name in ("where", "nonzero") and len(node.args) == 1 and node.args[0].keyword is None:
            return Seq(TENSOR) if name == "where" else TENSOR
        return self._tensor_result(name, node.args)

    def _factory_result(self, name: str, node: cst.Call) -> Kind:
        dtype = _keyword(node, "dtype")
        f64 = dtype is not None and self._is_float64(dtype.value)
        device = _keyword(node, "device")
        if name.endswith("_like") and node.args:
            base = self.kind(node.args[0].value)
            if device is None:
                return base if base in TENSORS else TENSOR
        elif device is None and not self.default_device_set:
            # `torch.arange(n)`, `torch.tensor([...])`: made on the CPU.
            return HOST_TENSOR
        if device is not None and self.is_cpu_device(device.value):
            return HOST_TENSOR
        return F64_TENSOR if f64 else TENSOR

    def _tensor_result(self, name: str, args: Sequence[cst.Arg]) -> Kind:
        """The kind of a torch op applied to `args`: host if all its tensor inputs are."""
        if name in BOOL_RESULTS:
            kind: Kind = BOOL_TENSOR
        else:
            kind = TENSOR
            for arg in args:
                if arg.keyword is not None and arg.keyword.value == "dtype":
                    if self._is_float64(arg.value):
                        kind = F64_TENSOR
        inputs = [self.kind(a.value) for a in args if a.keyword is None]
        flat = _tensor_inputs(inputs)
        if flat and all(k is HOST_TENSOR for k in flat):
            return HOST_TENSOR
        if inputs and all(k is HOST for k in inputs) and not self.default_device_set and \
                _keyword_in(args, "device") is None:
            # `torch.div(n, 2, rounding_mode="floor")` of Python numbers: a CPU tensor.
            return HOST_TENSOR
        if kind is TENSOR and flat and all(k is F64_TENSOR for k in flat):
            return F64_TENSOR
        return kind

    def _infer_builtin_call(self, name: str, node: cst.Call) -> Kind:
        bound = self.lookup(name)
        if isinstance(bound, Func):
            return bound.returns
        if bound is not None:
            return UNKNOWN
        args = [a for a in node.args if a.keyword is None]
        if name in HOST_BUILTINS:
            return HOST
        if not args:
            return UNKNOWN
        first = self.kind(args[0].value)
        if name in ("list", "tuple", "sorted", "reversed", "set", "iter", "frozenset"):
            return Seq(elem_of(first))
        if name == "enumerate":
            return Seq(Tup((HOST, elem_of(first))))
        if name == "zip":
            return Seq(Tup(tuple(elem_of(self.kind(a.value)) for a in args)))
        if name == "next":
            return elem_of(first)
        if name == "abs":
            return first if first in TENSORS or first in (HOST, NUMPY) else UNKNOWN
        if name in ("sum", "max", "min"):
            if len(args) == 1:
                element = elem_of(first)
                return element if element in TENSORS or element is HOST else UNKNOWN
            return join_all([self.kind(a.value) for a in args])
        if name == "dict":
            if isinstance(first, Mapping):
                return first
            element = elem_of(first)
            if isinstance(element, Tup) and len(element.items) == 2:
                return Mapping(element.items[0], element.items[1])
            return Mapping(UNKNOWN, UNKNOWN)
        if name == "filter" and len(args) == 2:
            return Seq(elem_of(self.kind(args[1].value)))
        return UNKNOWN

    def _positional(self, node: cst.Call) -> list[Kind]:
        return [self.kind(a.value) for a in node.args if a.keyword is None and not a.star]

    def _infer_method_call(self, receiver: Kind, method: str, node: cst.Call) -> Kind:
        func = node.func
        if isinstance(func, cst.Attribute):
            found = library.method_result(
                receiver, method, lambda: self._positional(node),
                name=library_cst.cst_name(func.value),
                self_bases=self.self_bases() if _is_self(func.value) else (),
                roots=self.imports.roots, key=library_cst.cst_call_key(node))
            if found is not None:
                return found
        if method == "get" and len(node.args) == 2:
            found = library.get_with_default(receiver, self.kind(node.args[1].value))
            if found is not None:
                return found
        if method in MODULE_TENSOR_ITERATORS and receiver not in TENSORS and receiver is not NUMPY:
            if method == "state_dict" and receiver is not MODULE:
                # Optimizers and schedulers have state dicts too, of nested host values.
                return Mapping(HOST, UNKNOWN)
            if not isinstance(receiver, (Mapping, Seq, Tup)):
                return MODULE_TENSOR_ITERATORS[method]
        if isinstance(receiver, Mapping):
            if method == "values":
                return Seq(receiver.value)
            if method == "keys":
                return Seq(receiver.key)
            if method == "items":
                return Seq(Tup((receiver.key, receiver.value)))
            if method in ("get", "pop", "setdefault"):
                return receiver.value
            return UNKNOWN
        if receiver is MODULE:
            if method in ("children", "modules"):
                return Seq(MODULE)
            if method in ("named_children", "named_modules"):
                return Seq(Tup((HOST, MODULE)))
            if method in ("to", "cuda", "cpu", "train", "eval", "half", "float", "double",
                          "requires_grad_"):
                return MODULE
            return UNKNOWN
        if receiver is NUMPY:
            return HOST if method in ("item", "tolist") else NUMPY
        if receiver is UNKNOWN:
            if method in TORCH_ONLY_METHODS or (
                method in WEAK_TENSOR_METHODS
                and self.imports.torch_imported
                and not self.imports.pandas_imported
                and method != "sum"
            ) or _has_torch_keyword(node):
                return self._tensor_method(TENSOR, method, node)
            return UNKNOWN
        if receiver in TENSORS:
            return self._tensor_method(receiver, method, node)
        return UNKNOWN

    def _tensor_method(self, receiver: Kind, method: str, node: cst.Call) -> Kind:
        if method in ("items", "keys", "values", "get", "append", "copy"):
            # Not tensor methods (copy is, but rare on inferred values): the receiver was
            # mis-inferred somewhere; give up rather than propagate a wrong kind.
            return UNKNOWN
        host = receiver is HOST_TENSOR
        if method in HOST_METHODS:
            return HOST
        if method == "numpy":
            return NUMPY
        if method == "cpu":
            return HOST_TENSOR
        if method in ("cuda",):
            return TENSOR
        if method in ("to", "type"):
            return self._conversion(receiver, node)
        if method in ("split", "chunk", "unbind", "tensor_split"):
            return Seq(HOST_TENSOR if host else TENSOR)
        if method in BOOL_RESULTS:
            return HOST_TENSOR if host else BOOL_TENSOR
        if host:
            return HOST_TENSOR
        if method == "double":
            return F64_TENSOR
        if method in ("float", "half", "bfloat16", "int", "long", "short", "byte"):
            return TENSOR
        if receiver is F64_TENSOR:
            dtype = _keyword(node, "dtype")
            if dtype is not None and not self._is_float64(dtype.value):
                return TENSOR
            return F64_TENSOR
        dtype = _keyword(node, "dtype")
        if dtype is not None and self._is_float64(dtype.value):
            return F64_TENSOR
        return TENSOR

    def _conversion(self, receiver: Kind, node: cst.Call) -> Kind:
        """`.to(...)` / `.type(...)`: device moves and dtype casts."""
        f64 = False
        cast = False
        device: Kind | None = None
        for arg in node.args:
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword in ("non_blocking", "copy", "memory_format"):
                continue
            value = arg.value
            if keyword == "dtype" or (keyword is None and self._is_dtype(value)):
                cast = True
                f64 = self._is_float64(value)
            elif keyword in (None, "device"):
                # A literal CPU device only: a `device="cpu"` parameter of a feature
                # extractor is there to be given "cuda" (factories read its default).
                device = HOST_TENSOR if _is_cpu_device(value) else TENSOR
        if device is None:
            device = HOST_TENSOR if receiver is HOST_TENSOR else TENSOR
        if device is HOST_TENSOR:
            return HOST_TENSOR
        if cast:
            return F64_TENSOR if f64 else TENSOR
        return receiver if receiver in DEVICE_TENSORS else TENSOR

    def _is_dtype(self, node: cst.BaseExpression) -> bool:
        if isinstance(node, cst.Attribute) and node.attr.value == "dtype":
            return True  # `.to(x.dtype)`: a cast, never a move
        qualified = self.imports.qualify(node)
        return qualified is not None and qualified.startswith("torch.") and (
            qualified.split(".")[-1] in DTYPE_NAMES
        )

    def _is_float64(self, node: cst.BaseExpression) -> bool:
        qualified = self.imports.qualify(node)
        return qualified in F64_DTYPES

    # -- annotations ------------------------------------------------------------------
    def annotation_kind(self, node: cst.BaseExpression, unions: bool = True) -> Kind:
        """The kind an annotation declares. `unions=False` (a return annotation) reads
        `Union[Tensor, list[Tensor]]` as unknown: a function returns one or the other
        depending on its flags, and its callers know which."""
        if isinstance(node, cst.SimpleString):
            text = node.evaluated_value
            if isinstance(text, str):
                try:
                    return self.annotation_kind(cst.parse_expression(text), unions)
                except cst.ParserSyntaxError:
                    return UNKNOWN
            return UNKNOWN
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
            left, right = self.annotation_kind(node.left, unions), self.annotation_kind(
                node.right, unions)
            if _is_none(node.left):
                return right
            if _is_none(node.right):
                return left
            union = library.union((left, right)) if unions else None
            return union if union is not None else join(left, right)
        if isinstance(node, cst.Subscript):
            base = _last_name(node.value)
            inner = [
                self.annotation_kind(s.slice.value, unions)
                for s in node.slice
                if isinstance(s.slice, cst.Index)
            ]
            if base in OPTIONAL_ANNOTATIONS and inner:
                return inner[0]
            if base == "Union" and inner:
                real = [k for k, s in zip(inner, node.slice) if not (
                    isinstance(s.slice, cst.Index) and _is_none(s.slice.value))]
                union = library.union(real) if unions else None
                return union if union is not None else join_all(real)
            fixed = not any(isinstance(s.slice, cst.Index) and isinstance(s.slice.value, cst.Ellipsis)
                            for s in node.slice)
            if base in ("tuple", "Tuple") and len(inner) > 1 and fixed:
                # `tuple[Tensor, Tensor, list[tuple]]`: each position keeps its own kind.
                return Tup(tuple(inner))
            if base in SEQUENCE_ANNOTATIONS and inner:
                return Seq(join_all([k for k in inner if k is not UNKNOWN] or [UNKNOWN]))
            if base in MAPPING_ANNOTATIONS and len(inner) == 2:
                return Mapping(inner[0], inner[1])
            return UNKNOWN
        qualified = self.imports.qualify(node)
        if qualified in ("torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter",
                         "torch.FloatTensor", "torch.cuda.FloatTensor"):
            return TENSOR
        if qualified in ("torch.nn.Module", "torch.nn.modules.module.Module"):
            return MODULE
        if qualified in ("numpy.ndarray", "numpy.typing.NDArray"):
            return NUMPY
        if isinstance(node, cst.Name) and node.value in ("int", "float", "bool", "str",
                                                         "bytes", "complex"):
            return HOST
        found = knowledge.annotation_kind(qualified) if qualified is not None else None
        return found if found is not None else UNKNOWN


def uses_as_tensor(value: cst.BaseExpression, name: str, kind: Callable[[cst.BaseExpression], Kind],
                   qualify: Callable[[cst.BaseExpression], str | None]) -> bool:
    """`value`, a device tensor, applies a tensor op to the name `name`: a method called on
    it (`x.repeat_interleave(n)`), an operator with a device tensor (`x & mask`), or a
    torch function taking it (`torch.cat([pad, x])`; factories, which take data, aside)."""
    if kind(value) not in DEVICE_TENSORS:
        return False
    if isinstance(value, cst.BinaryOperation):
        for operand, other in ((value.left, value.right), (value.right, value.left)):
            if isinstance(operand, cst.Name) and operand.value == name:
                return kind(other) in DEVICE_TENSORS
        return False
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    qualified = qualify(func)
    if qualified is not None and qualified.startswith("torch."):
        last = qualified.rsplit(".", 1)[1]
        if last in TORCH_FACTORIES or last in HOST_MEMORY_FUNCTIONS or last.endswith("_like") \
                or last in ("as_tensor", "asarray", "tensor"):
            return False
        for arg in value.args:
            if arg.keyword is not None:
                continue
            items = [e.value for e in arg.value.elements] if isinstance(
                arg.value, (cst.List, cst.Tuple)) else [arg.value]
            if any(isinstance(item, cst.Name) and item.value == name for item in items):
                return True
        return False
    # A chain of methods, attributes and subscripts that starts at the name.
    node: cst.BaseExpression = func
    while isinstance(node, (cst.Attribute, cst.Subscript, cst.Call)):
        node = node.func if isinstance(node, cst.Call) else node.value
    return isinstance(func, cst.Attribute) and isinstance(node, cst.Name) and node.value == name


def combine(left: Kind, right: Kind, operator: cst.CSTNode) -> Kind:
    """The kind of `left <op> right`."""
    kinds = (left, right)
    if any(k in DEVICE_TENSORS for k in kinds):
        if F64_TENSOR in kinds and all(k in (F64_TENSOR, HOST, HOST_TENSOR) for k in kinds):
            return F64_TENSOR
        if BOOL_TENSOR in kinds and isinstance(operator, (cst.BitAnd, cst.BitOr, cst.BitXor)):
            if all(k in (BOOL_TENSOR, HOST) for k in kinds):
                return BOOL_TENSOR
        return TENSOR
    if HOST_TENSOR in kinds:
        return HOST_TENSOR
    if NUMPY in kinds:
        return NUMPY
    if left is HOST and right is HOST:
        return HOST
    if isinstance(left, Seq) and isinstance(operator, cst.Add):
        return left
    return UNKNOWN


def _tensor_inputs(inputs: list[Kind]) -> list[Kind]:
    """The tensors among a torch op's inputs, elements of lists and tuples included
    (`torch.cat((a, b))`)."""
    flat: list[Kind] = []
    for kind in inputs:
        if kind in TENSORS:
            flat.append(kind)
        elif isinstance(kind, Seq):
            flat.append(kind.elem)
        elif isinstance(kind, Tup):
            # `torch.cat((a, b))`; not the Python numbers of `F.pad(x, (0, 1))`.
            flat.extend(item for item in kind.items if item is not HOST)
    return flat


def _keyword_in(args: Sequence[cst.Arg], name: str) -> cst.Arg | None:
    return next((a for a in args if a.keyword is not None and a.keyword.value == name), None)


def _is_self(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "self"


def _has_torch_keyword(node: cst.Call) -> bool:
    return any(arg.keyword is not None and arg.keyword.value in TORCH_KEYWORDS
               for arg in node.args)


def _keyword(node: cst.Call, name: str) -> cst.Arg | None:
    for arg in node.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def _is_cpu_device(node: cst.BaseExpression) -> bool:
    """A literal "cpu" device: `"cpu"`, `torch.device("cpu")`."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return isinstance(value, str) and value.split(":")[0] == "cpu"
    if isinstance(node, cst.Call) and node.args and isinstance(node.func, (cst.Attribute, cst.Name)):
        func = node.func
        name = func.attr.value if isinstance(func, cst.Attribute) else func.value
        return name == "device" and _is_cpu_device(node.args[0].value)
    return False


def _literal_int(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        return int(node.value, 0)
    if (
        isinstance(node, cst.UnaryOperation)
        and isinstance(node.operator, cst.Minus)
        and isinstance(node.expression, cst.Integer)
    ):
        return -int(node.expression.value, 0)
    return None


def _is_string(node: cst.BaseExpression) -> bool:
    return isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString))


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def _last_name(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return None


is_cpu_device = _is_cpu_device
keyword_arg = _keyword
