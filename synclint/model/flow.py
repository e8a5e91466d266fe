"""The state of one evaluation: bindings along the paths of a function, merged after
branches, and the syncs it records (unconditional or through a parameter)."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Container, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from synclint import knowledge
from synclint.analysis import library
from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    NUMPY,
    UNKNOWN,
    Branch,
    Instance,
    Kind,
    Seq,
    elem_of,
    item_of,
    join,
    merge,
    proved_kinds,
)
from synclint.model.call_sites import CallSites
from synclint.model.duck import ducks_of
from synclint.model.host_data import host_data_role, hosted, module_host_role
from synclint.model.index import _Function, _Module
from synclint.model.kindops import _bounded, _join_attribute, holds_tensors
from synclint.model.narrowing import (
    EXPRESSION,
    Literal,
    Narrowing,
    current_literal,
    merge_literals,
    narrowings,
    union_members,
)
from synclint.model.settings import Setting, describe, none_by_setting
from synclint.model.spans import ast_spans
from synclint.model.stored import Items
from synclint.model.summaries import SYNC_TEST, Effect, ParamEffect, Site, Summary
from synclint.model.syntax import (
    _is_comparison,
    _is_cpu,
    _is_self,
    _uses_as_tensor,
    positional_args,
)

if TYPE_CHECKING:
    from synclint.model.project import Project
    from synclint.model.spans import Lines, Span


Value = tuple[Kind, int | None]
_UNKNOWN_VALUE: Value = (UNKNOWN, None)
#: Methods that may put a tensor on another device than the one it was on.
_DEVICE_MOVES = frozenset({"to", "cuda", "xpu", "npu", "hpu", "mps", "mtia", "ipu", "type",
                           "to_device", "move_to"})
#: Kinds of arguments that never live on an accelerator.
_HOST_ARGUMENTS = (HOST, HOST_TENSOR, NUMPY)
#: The bindings along one path: names, names bound to `None`, `self.<attr>` kinds, names
#: bound to a bool literal (`narrowing.Literal`).
_State = tuple[dict[str, Value], frozenset[str], dict[str, Kind], dict[str, Literal]]


class ClassLike(Protocol):
    """A class as the evaluation reads it (`index._Class`, or `summaries.ClassView`)."""

    @property
    def key(self) -> str: ...
    @property
    def bases(self) -> Sequence[str]: ...
    @property
    def methods(self) -> Mapping[str, str]: ...
    @property
    def attributes(self) -> Mapping[str, Kind]: ...
    @property
    def attribute_classes(self) -> Mapping[str, str]: ...
    @property
    def properties(self) -> Mapping[str, str]: ...


class Model(Protocol):
    """What an evaluation reads of the model: the whole project while it is solved
    (`project.Project`), or one file's view of it (`facts.ViewModel`)."""

    @property
    def summaries(self) -> Mapping[str, Summary]: ...
    @property
    def functions(self) -> Container[str]: ...
    @property
    def classes(self) -> Mapping[str, Any]: ...

    def _mro(self, key: str) -> Iterator[Any]: ...

    def _name_key(self, module: _Module, dotted: str) -> str | None: ...

    def type_alias(self, module: _Module, dotted: str) -> str | None: ...

    @property
    def closures(self) -> dict[str, dict[str, Kind]]: ...

    @property
    def property_names(self) -> Container[str]: ...


class Flow:
    """Bindings and effects of one evaluation (the expression and call evaluators
    build on it)."""

    def __init__(self, project: Project | Model, function: _Function,
                 record: tuple[dict[Span, Kind], Lines] | None = None, *,
                 globals_only: bool = False) -> None:
        self.project = project
        self.function = function
        #: Where to record the kind of every expression evaluated (`facts.py`), by span.
        self.record = record
        self.module = function.module
        self.env: dict[str, Value] = {}
        self.callees: set[str] = set()
        #: Per call of a project function: the callee, its parameters' kinds (None: hidden).
        self.call_arguments: list[tuple[str, dict[str, Kind] | None]] = []
        self.sites = CallSites()  # which callees are called only rarely (`call_sites.py`)
        self.attribute_reads: set[str] = set()
        self.missing_reads: set[tuple[str, str]] = set()  # no kind yet: `Evaluated.missing`
        self.self_kinds: dict[str, Kind] = {}
        #: `self.<name>` it assigns an unannotated parameter somewhere (`self._x2 = x2`):
        #: the class's attribute is not known to stay on the CPU.
        self.unknown_self: set[str] = set()
        self.syncs: dict[str, Effect] = {}
        self.param_effects: dict[tuple[int, str], ParamEffect] = {}
        #: Effects through a call of this function itself, kept by `settle` only where
        #: the body makes none of its own (`_add`).
        self.recursive: list[tuple[Effect, Value, str | None]] = []
        self.returns: list[Kind] = []
        self.return_params: list[int | None] = []
        #: Per `return`, the parameter (in `settable`) whose device it is made on.
        self.return_devices: list[int | None] = []
        #: Whether some `return` may put its value on an accelerator (`Summary.moves`).
        self.returns_moved = False
        #: The names bound once to a CPU tensor with a dimension (`host_arrays.py`), found
        #: at the first arithmetic that may need them.
        self.host_arrays: frozenset[str] | None = None
        #: Per `return`, whether it gives a setting of the run alone (`Summary.run_setting`).
        self.setting_returns: list[bool] = []
        #: Parameters a value derived from is moved to a device (`.to(device)`, `.cuda()`).
        self.moved_params: set[int] = set()
        #: Lengths of the tuple displays returned (`return a, b`): checks the annotation.
        self.tuple_returns: set[int] = set()
        self.conditional = 0
        self.cold = 0
        #: Lambdas about to be evaluated as run per element (`map(lambda t: ..., ts)`), by
        #: id, with the kinds of the elements their parameters take (`calls.py`).
        self.element_lambdas: dict[int, tuple[Kind, ...]] = {}
        #: How many loops hold the code being evaluated (`Effect.looped`).
        self.loops = 0
        #: The settings the code being evaluated runs under (`settings.py`), outermost
        #: first, as they read, with the parameters each reads: its syncs are kept, their
        #: sites say when they run, and their callers judge what they pass for those.
        self.settings: list[Setting] = []
        #: Where to record each `if` test that reads only settings, by span, with how it
        #: reads (the facts, for the walker's `hot_here`).
        self.setting_tests: set[Span] | None = None
        #: Where to record each read of a property whose getter runs at every read, by
        #: span: the getter's key (the facts, for the rules' `Context.getter`).
        self.getter_reads: dict[Span, str] | None = None
        #: The names the code evaluated so far has bound (a parameter rebound, a local):
        #: at a test, a name not among them holds the parameter or the module's value.
        self.rebound: set[str] = set()
        #: Items the block being evaluated stored under a key (`d[k] = v`), read back by
        #: `d[k]` until the block changes `d` or `k` (`stored.py`).
        self.stored: Items = {}
        #: Names whose current value is the literal `None` (a placeholder a branch fills).
        self.nones: set[str] = set()
        #: Locals whose `None` a setting of `self` decides (`settings.none_by_setting`): a
        #: test of them is a setting test (`flow.Bound`).
        self.setting_locals: set[str] = set()
        #: Calls in a loop whose result replaces an argument (`x = f(x)`), by `id`: the
        #: target (`carried.py`).
        self.carried: dict[int, ast.expr] = {}
        #: Names bound to a bool literal, or to that literal or a tensor after an `if`
        #: (`partial = True`, then `partial = partial & m` on one branch).
        self.literals: dict[str, Literal] = {}
        #: `torch.set_default_device` in the file: factories without `device=` may make
        #: accelerator tensors.
        self.default_device = function.module.default_device
        #: While a project type alias is read (`Expressions._aliased`): its names are
        #: absolute, not the module's.
        self.absolute_names = False
        #: One frame per `if` branch being evaluated (see `infer.Branch`).
        self.branches: list[Branch] = []
        #: Expressions a test narrowed for the branch being evaluated, by code.
        self.narrowed_expressions: dict[str, Kind] = {}
        #: The value each expression node got when last evaluated (narrowing reads it).
        self.last: dict[int, Value] = {}
        #: Whether any expression evaluated to a tensor or a container of tensors: code
        #: that never does holds no site a tensor's kind decides (`Evaluated.tensors`).
        self.tensors = False
        #: Whether the facts' evaluation (`facts.py`) would give an expression another
        #: kind (`_sum_of_a_parameter`): the gate then evaluates (`expression_kinds`).
        self.facts_differ = False
        #: Module-level code: its names are the module's, not locals shadowing imports.
        self.module_level = function.qualname.startswith("<")
        #: Without summaries: the module's names as its own code binds them, before any
        #: function is solved (`globals_of`); calls of project functions are unknown.
        self.globals_only = globals_only
        #: The names each function defined in this one sees from it (a closure).
        self.closures_made: dict[str, dict[str, Kind]] = {}
        #: The names a function's body sees from the code around it, at its definition:
        #: the enclosing function's (a closure) or the module's.
        for name, kind in _surroundings(project, function).items():
            self.env[name] = (kind, None)
        args = function.node.args
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        offset = len(positional) - len(function.params)
        #: What the framework passes the unannotated parameters of a per-step method.
        self.param_kinds = _role_params(
            knowledge.step_role(function.name, self._role_bases)
            if function.name in knowledge.ROLE_NAMES and function.class_key is not None
            else None, function)
        for index, name in enumerate(positional):
            annotation = function.annotations.get(name)
            kind = UNKNOWN if annotation is None else self._annotation(annotation) if name in (
                "self", "cls") else self._parameter(annotation)
            if annotation is None:
                kind = self.param_kinds.get(name, kind)
            param = index - offset if index >= offset else None
            self.env[name] = (kind, param)
        #: The parameters a test of settings may read, by position (`Effect.when`): the
        #: positional ones, then the keyword-only ones.
        self.settable = (*function.params, *(arg.arg for arg in args.kwonlyargs))
        for arg in args.kwonlyargs:
            annotation = function.annotations.get(arg.arg)
            self.env[arg.arg] = (self._parameter(annotation) if annotation is not None
                                 else UNKNOWN, None)
        for special in (args.vararg, args.kwarg):
            if special is not None:
                self.env[special.arg] = _UNKNOWN_VALUE
        summary = project.summaries.get(function.key) if record is not None else None
        #: Parameters still bound to their default CPU device (`device="cpu"`).
        self.cpu_devices = _cpu_device_params(function.name, args, summary, self.default_device)
        if summary is not None:
            # The facts of a private helper every project call feeds host values (NumPy
            # arrays typed `Tensor`): its body runs on those (`callers.find_host_params`).
            for name, kind in summary.host_params:
                old = self.env.get(name)
                self.env[name] = (kind, old[1] if old is not None else None)
        self.ducks = ducks_of(project, function, summary)  # `duck.py`
        #: Why this method works on data on the host (`host_data.py`; a loop over a loader
        #: sets it too), or None: while set, what it computes has its tensors on the CPU.
        self.host_data = (host_data_role(function.name, function.node, self._host_bases(),
                                         function.module.tree)
                          if function.class_key is not None else None) or module_host_role(
            function.module.name, function.module.imports.values(), self.self_bases,
            self._project_bases(), function.node)
        if self.host_data is not None:
            self.env = {name: (hosted(value[0]), value[1]) for name, value in self.env.items()}


    # -- facts ----------------------------------------------------------------------------
    def _record(self, node: ast.expr, kind: Kind, value: Value | None = None) -> None:
        """Note `node`'s kind for the facts (`facts.py`), when they are being recorded."""
        self.last[id(node)] = value if value is not None else (kind, None)
        if not self.tensors and holds_tensors(kind):
            self.tensors = True
        if self.record is not None:
            kinds, lines = self.record
            for span in ast_spans(node, lines):
                kinds[span] = kind

    # -- narrowing ------------------------------------------------------------------------
    def _narrowings(self, test: ast.expr) -> Narrowing:
        """What `test` holding or failing proves (`narrowing.py`), with the kinds its
        operands had when it was just evaluated."""
        return narrowings(test, self._qualified, self._shadowed,
                          lambda node: self.last.get(id(node), _UNKNOWN_VALUE)[0],
                          self._literal, lambda name: None if name in self.rebound else
                          union_members(self.function.annotations.get(name),
                                        self._qualified, self._parameter),
                          lambda dotted: instance_kind(self, dotted))

    def _literal(self, name: str) -> Literal | None:
        """The bool literal `name` may hold and the tensor kind it has otherwise, or None."""
        literal = current_literal(self.literals.get(name),
                                  self.env.get(name, _UNKNOWN_VALUE)[0])
        return literal if literal is not None and literal[1] is not None else None

    @contextmanager
    def _cold(self) -> Iterator[None]:
        """Code that runs rarely (a raise, an assert message): evaluated for what rules
        ask of it, its syncs never counted as the function's."""
        self.cold += 1
        self.conditional += 1
        try:
            yield
        finally:
            self.cold -= 1
            self.conditional -= 1

    def _peek(self, node: ast.expr) -> Value:
        """What `node` would evaluate to now, with nothing recorded."""
        record, self.record = self.record, None
        arguments, last = self.call_arguments, self.last
        self.call_arguments, self.last = [], {}
        try:
            with self._cold():
                return self.expr(node)
        finally:
            self.record, self.call_arguments, self.last = record, arguments, last

    def _last_kind(self, node: ast.expr) -> Kind:
        """The kind `node` got when last evaluated."""
        return self.last.get(id(node), _UNKNOWN_VALUE)[0]

    def _source(self, node: ast.expr) -> int | None:
        """The parameter `node`'s value derives from, as last evaluated."""
        return self.last.get(id(node), _UNKNOWN_VALUE)[1]

    def _shadowed(self, name: str) -> bool:
        return name in self.env and not self.module_level

    # -- what the evaluators built on this define --------------------------------------
    def expr(self, node: ast.expr | None) -> Value:
        raise NotImplementedError

    def _qualified(self, dotted: str) -> str:
        raise NotImplementedError

    def _run_setting(self, node: ast.Call) -> bool:
        raise NotImplementedError

    def _annotation(self, node: ast.expr | None, unions: bool = True) -> Kind:
        raise NotImplementedError

    # -- library knowledge (`library.py`) -------------------------------------------------
    @functools.cached_property
    def self_bases(self) -> tuple[str, ...]:
        """The qualified library bases of the method's class, over its MRO."""
        key = self.function.class_key
        return () if key is None else self._library_bases(key)

    def _project_bases(self) -> int:
        """How many project classes the method's class derives from (0 for a function)."""
        key = self.function.class_key
        return 0 if key is None else sum(1 for _ in self.project._mro(key)) - 1

    def _host_bases(self) -> tuple[str, ...]:
        """The library bases of the method's class, and the qualified names of the
        project's own classes over its MRO: checking a library itself (torch_geometric's
        own transforms derive from its own `BaseTransform`), its tables still apply."""
        key = self.function.class_key
        own = () if key is None else tuple(
            cls.key.replace(":", ".") for cls in self.project._mro(key))
        return (*self.self_bases, *own)

    @property
    def _role_bases(self) -> tuple[str, ...]:
        """The library bases, then the names of the project classes of the method's MRO,
        then the library classes those are in the library's own package (`own_names`): a
        library's own package derives from its project classes of the base names
        (`hooks.class_role` reads roles the same way, with the bases a star import hides).
        Read from the class keys, which the model's views keep too."""
        key = self.function.class_key
        if key is None:
            return self.self_bases
        names = [(cls.key.partition(":")[0], cls.key.rpartition(":")[2].rpartition(".")[2])
                 for cls in self.project._mro(key)]
        own = (knowledge.own_class(module, name) for module, name in names)
        return (*self.self_bases, *(name for _, name in names), *filter(None, own))

    def _library_bases(self, key: str) -> tuple[str, ...]:
        """The qualified library bases of the project class `key`, over its MRO."""
        found: dict[str, None] = {}
        for cls in self.project._mro(key):
            # An indexed class names its own bases; a class of a file's view its MRO's.
            external = getattr(cls, "external", None)
            found.update(dict.fromkeys(external if external is not None else
                                       getattr(cls, "externals", ())))
        return tuple(found)

    @functools.cached_property
    def roots(self) -> frozenset[str]:
        """The file's top-level imports (where a receiver's name says what it is)."""
        return library.roots_of(self.module.imports.values())

    def _parameter(self, node: ast.expr) -> Kind:
        raise NotImplementedError

    def _append(self, name: str, kind: Kind) -> None:
        """`name.append(value)`: the first append decides an empty list's elements."""
        current = self.env.get(name)
        if current is None or not isinstance(current[0], Seq):
            return
        elem = current[0].elem
        if name in self.nones and elem is UNKNOWN:
            self.env[name] = (Seq(_bounded(kind, 1)), current[1])
            self.nones.discard(name)
        elif elem != kind:
            self.env[name] = (Seq(join(elem, kind)), current[1])

    # -- paths ----------------------------------------------------------------------------

    def _prove_tensor(self, name: str, source: ast.expr | None, kind: Kind) -> None:
        """`name = <a tensor op on name>` (`source`; None for `name &= mask`) where `name`
        is unknown and not yet rebound in this branch: its old value is a tensor."""
        frame = self.branches[-1]
        current = self.env.get(name)
        if current is None or current[0] is not UNKNOWN or name in frame.rebound or \
                kind not in DEVICE_TENSORS:
            return
        if source is None or _uses_as_tensor(source, name, self._qualified):
            frame.proved.add(name)

    def _state(self) -> _State:
        return dict(self.env), frozenset(self.nones), dict(self.self_kinds), dict(self.literals)

    def _restore(self, state: _State) -> None:
        self.env, self.nones, self.self_kinds = dict(state[0]), set(state[1]), dict(state[2])
        self.literals = dict(state[3])

    def _merge_paths(self, first: _State | None, second: _State | None,
                     branches: tuple[Branch, Branch] | None = None) -> None:
        """What holds after either path (None: a path that never falls through); a
        tensor op on a name's value from before the `if` proves it a tensor on the path
        that did not rebind it (`infer.Env.merge_paths`)."""
        if first is None or second is None:
            chosen = first if second is None else second
            assert chosen is not None
            self._restore(chosen)
            return
        env, nones, attributes, literals = _merged(first, second, branches)
        self.env, self.nones, self.self_kinds, self.literals = env, set(nones), attributes, \
            literals

    def _bind(self, target: ast.expr, value: Value, source: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = value
            self.rebound.add(target.id)
            self.nones.discard(target.id)
            if source is not None and none_by_setting(source):
                self.setting_locals.add(target.id)  # `at = None if self.i is None else ...`
            else:
                self.setting_locals.discard(target.id)
            if isinstance(source, ast.Constant) and isinstance(source.value, bool):
                self.literals[target.id] = (source.value, None)
            else:
                self.literals.pop(target.id, None)
            self.cpu_devices.discard(target.id)
            self._record(target, value[0])
            if self.branches:
                self.branches[-1].rebound.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for index, element in enumerate(target.elts):
                if isinstance(element, ast.Starred):
                    self._bind(element.value, (Seq(elem_of(value[0])), None), None)
                else:
                    self._bind(element, (item_of(value[0], index), value[1]), None)
        elif isinstance(target, ast.Attribute) and _is_self(target.value):
            _bind_self(self, target.attr, value[0], source)
        elif isinstance(target, ast.Subscript):
            self.expr(target.value)
            self.expr(target.slice)
        elif isinstance(target, ast.Starred):
            self._bind(target.value, (Seq(elem_of(value[0])), None), None)
        elif isinstance(target, ast.Attribute):
            self.expr(target.value)

    # -- effects --------------------------------------------------------------------------
    def _effect(self, code: str, node: ast.AST, message: str, value: Value,
                strength: str | None = None, likely: bool = False) -> None:
        """Record a sync on `value` at `node`: unconditional, or through a parameter."""
        if self.cold:
            return
        if self.settings:
            tests = [(ast.unparse(test), holds) for test, holds, _ in self.settings
                     if test is not None]
            message = f"{message}, when {describe(tests).named}" if tests else message
        site = Site(self.module.filename, getattr(node, "lineno", 0),
                    getattr(node, "col_offset", 0) + 1, message)
        effect = Effect(code, (site,), likely)
        self._add(effect, value, strength)

    def _add(self, effect: Effect, value: Value, strength: str | None,
             recursive: bool = False) -> None:
        """Keep the first sync per rule made on every call (not under an `if`, an
        exception handler or a loop's `else`, except one that tests settings):
        unconditional, or on a parameter; one that needs no setting from the caller
        before one that does. An effect through a call of this function itself waits for
        `settle`: its chain is this summary's own, one call longer, so kept first it
        would grow on every evaluation and the fixed point never settle."""
        if self.conditional:
            return
        when = sorted({*effect.when, *(i for _, _, read in self.settings for i in read)})
        if tuple(when) != effect.when:
            effect = Effect(effect.code, effect.chain, effect.likely, tuple(when),
                            effect.looped)
        if recursive:  # (`settle`)
            self.recursive.append((effect, value, strength))
            return
        _keep(self, effect, value, strength, replace=True)

    def _test(self, node: ast.expr) -> None:
        """A truth test: `if`, `while`, `assert`, `not`, boolean operands. Each operand
        is evaluated under what the operands before it proved (`isinstance(v, Tensor)
        and v.item()`); a device tensor among them is a sync."""
        self.expr(node)
        tested(self, node)





def _bind_self(flow: Flow, attr: str, kind: Kind, source: ast.expr | None) -> None:
    """`self.<attr> = <source>` of `kind` (`Flow._bind`)."""
    if kind is UNKNOWN and isinstance(source, ast.Name) and \
            source.id in flow.function.params and source.id not in flow.rebound \
            and flow.function.annotations.get(source.id) is None:
        # The caller's value as it is (`self._cached_x2 = x2`, `x2` unannotated): not a
        # kind still being solved, whatever the order of evaluation.
        flow.unknown_self.add(attr)
    elif kind is not UNKNOWN and not (isinstance(source, ast.Constant)
                                      and source.value is None):
        # A later assignment replaces it.
        flow.unknown_self.discard(attr)
        # The last assignment on a path wins: `self.sigmas = ...` then `self.sigmas =
        # self.sigmas.to("cpu")` leaves a CPU tensor; the class joins what each method
        # leaves.
        flow.self_kinds[attr] = kind


def instance_kind(flow: Flow, dotted: str) -> Kind | None:
    """Instances of the project class `dotted` names in `flow`'s module, or None."""
    key = None if flow.globals_only else flow.project._name_key(flow.module, dotted)
    return Instance(key) if key is not None and key in flow.project.classes else None


def _compares_a_parameter(node: ast.expr, params: Sequence[str]) -> bool:
    """`x > 0` where `x` is a parameter itself (not a method result or attribute of one,
    whose kind is anybody's guess)."""
    assert isinstance(node, ast.Compare)
    return any(isinstance(operand, ast.Name) and operand.id in params
               for operand in (node.left, *node.comparators))


#: Elementwise tests whose `.any()` / `.all()` a truth test reads (`labels.ne(-100).any()`).
_ELEMENTWISE_TESTS = frozenset({"ne", "eq", "gt", "ge", "lt", "le", "bool", "isnan", "isinf",
                                "isfinite", "logical_not"})


def _reduces_a_parameter(node: ast.expr, params: Sequence[str],
                         derived: Callable[[str], bool]) -> bool:
    """`p.any()`, `p.ne(-100).any()`, `(p != 0).all()` where `p` is a parameter, or a name
    `derived` from one (an element of it): called with a device tensor, the test syncs
    (strength "value": an unknown or host argument does not count, NumPy arrays have
    `.any()` too)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("any", "all") and not node.args and not node.keywords):
        return False
    receiver = node.func.value
    if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute) and \
            receiver.func.attr in _ELEMENTWISE_TESTS:
        receiver = receiver.func.value
    elif isinstance(receiver, ast.Compare) and _is_comparison(receiver) and \
            len(receiver.comparators) == 1:
        receiver = receiver.left
    return isinstance(receiver, ast.Name) and (receiver.id in params or derived(receiver.id))


def tested(flow: Flow, node: ast.expr) -> None:
    """The sync of an operand just evaluated as a truth test (a `not` tests its own
    operand when it is evaluated: `Expressions._unary`)."""
    if isinstance(node, ast.BoolOp):
        for operand in node.values:
            tested(flow, operand)
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return
    value = flow.last.get(id(node), _UNKNOWN_VALUE)
    kind, param = value
    if kind in DEVICE_TENSORS:
        flow._effect(SYNC_TEST, node, "a tensor tested as a Python bool", value, "tensor")
    elif kind is UNKNOWN and param is not None and (
            _is_comparison(node) and _compares_a_parameter(node, flow.function.params)
            or _reduces_a_parameter(
                node, flow.function.params,
                lambda name: flow.env.get(name, _UNKNOWN_VALUE)[1] is not None)):
        flow._effect(SYNC_TEST, node, "a tensor tested as a Python bool", value, "value")


def settle(flow: Flow) -> None:
    """Add the effects of recursive calls that the body does not make itself: what an
    argument passed to another parameter (`f(b, a)`) reaches one level down. A chain
    through the same call twice goes round a cycle: never kept."""
    for effect, value, strength in flow.recursive:
        sites = [(site.filename, site.line, site.column) for site in effect.chain]
        if len(set(sites)) == len(sites):
            _keep(flow, effect, value, strength, replace=False)
    flow.recursive.clear()


def _keep(flow: Flow, effect: Effect, value: Value, strength: str | None,
          replace: bool) -> None:
    """Keep `effect` (`Flow._add`), over the one kept so far for its rule when `replace`
    (and `_first` says so), else only where none is."""
    kind, param = value
    if param is not None and strength is not None:
        name = flow.function.params[param] if param < len(flow.function.params) else "?"
        key = (param, effect.code)
        kept = flow.param_effects.get(key)
        if (replace or kept is None) and _first(kept, effect):
            flow.param_effects[key] = ParamEffect(param, name, strength, effect)
        return
    kept_sync = flow.syncs.get(effect.code)
    if param is not None or effect.likely or not (replace or kept_sync is None) or \
            not _first(kept_sync, effect):
        # A callee's `.item()` on a value nobody proved a tensor is not enough to
        # report its callers (state-dict conversion reads CPU tensors that way).
        return
    flow.syncs[effect.code] = effect

def _first(kept: Effect | ParamEffect | None, effect: Effect) -> bool:
    """Whether `effect` is kept over `kept`, the one kept so far for its rule: the first,
    unless it needs settings from the caller and `effect` does not."""
    if kept is None:
        return True
    old = kept.effect if isinstance(kept, ParamEffect) else kept
    return bool(old.when) and not effect.when


def _surroundings(project: Project | Model, function: _Function) -> dict[str, Kind]:
    """The kinds a function's body starts with besides its parameters: the enclosing
    function's names at the definition (a closure), else the module's own names."""
    if function.qualname.startswith("<"):
        return {}  # module-level code (or a class body) starts from nothing
    closure = project.closures.get(function.key)
    if closure is not None:
        return closure
    return function.module.globals


def _role_params(role: knowledge.Role | None, function: _Function) -> dict[str, Kind]:
    """The kinds a framework passes a per-step method's parameters, for those without an
    annotation (`compute_loss(self, model, inputs)`: a module and a batch of tensors)."""
    if role is None:
        return {}
    return {name: kind for name, kind in zip(function.params, role.params)
            if kind is not UNKNOWN and function.annotations.get(name) is None}


def facts_devices_differ(function: _Function, summary: Summary | None) -> bool:
    """Whether the facts' evaluation of `function` (with its final `summary`) binds other
    parameters to a default CPU device than an evaluation without it does."""
    if summary is None:
        return False
    node = function.node
    default_device = function.module.default_device
    return _cpu_device_params(node.name, node.args, summary, default_device) != \
        _cpu_device_params(node.name, node.args, None, default_device)


def _cpu_device_params(name: str, args: ast.arguments, summary: Summary | None,
                       default_device: bool = False) -> set[str]:
    """The parameters whose default is a CPU device (`device="cpu"`) and that keep it: a
    constructor's (the states it makes live on the CPU: `def __init__(self, device="cpu")`),
    and, for the facts (`summary`: the callers are known), any function's parameter that no
    project call passes, and a private function's `device=None` that none passes."""
    pairs = (*zip(reversed(positional_args(args)), reversed(args.defaults)),
             *zip(args.kwonlyargs, args.kw_defaults))
    defaults = {arg.arg for arg, default in pairs if default is not None and _is_cpu(default)}
    if name == "__init__" and defaults:
        return defaults
    if summary is None or "*" in summary.passed:
        return set()
    if name.startswith("_") and not name.endswith("__") and not default_device:
        # A private helper's `device=None`: torch's default device where no call passes
        # one (a public helper's users pass their inputs' device from outside the project).
        defaults |= {arg.arg for arg, default in pairs
                     if isinstance(default, ast.Constant) and default.value is None}
    return defaults - set(summary.passed)


class Bound:
    """The names an evaluation has bound so far (`Flow.rebound`), as a live container;
    `settings` are locals that hold a setting all the same (an optimiser's
    `lr = group["lr"]`: `param_groups.py`)."""

    def __init__(self, evaluation: Flow, settings: frozenset[str] = frozenset()) -> None:
        self._evaluation = evaluation
        self._settings = settings

    def __contains__(self, name: object) -> bool:
        return name in self._evaluation.rebound and name not in self._settings and \
            name not in self._evaluation.setting_locals


def _merged(first: _State, second: _State, branches: tuple[Branch, Branch] | None) -> _State:
    """What holds after either of two paths that both fall through (`Flow._merge_paths`)."""
    env: dict[str, Value] = {}
    nones: set[str] = set()
    literals: dict[str, Literal] = {}
    for name in first[0].keys() | second[0].keys():
        a, b = first[0].get(name), second[0].get(name)
        literal: Literal | None
        if a is None or (name in first[1] and b is not None):
            assert b is not None
            env[name] = b
            if name in second[1]:
                nones.add(name)
            literal = second[3].get(name)
        elif b is None or name in second[1]:
            env[name] = a
            if name in first[1]:
                nones.add(name)
            literal = first[3].get(name)
        else:
            left, right = a[0], b[0]
            if branches is not None and left is not right and UNKNOWN in (left, right):
                left, right = proved_kinds(name, left, right, branches)
            env[name] = (merge(left, right), a[1] if a[1] is not None else b[1])
            literal = merge_literals(first[3].get(name), a[0], second[3].get(name), b[0])
        if literal is not None:
            literals[name] = literal
    attributes: dict[str, Kind] = {}
    for name in first[2].keys() | second[2].keys():
        x, y = first[2].get(name), second[2].get(name)
        # An attribute one path leaves alone keeps its kind from the other methods.
        if x is None or y is None:
            kept = x if y is None else y
            assert kept is not None
            attributes[name] = kept
        else:
            attributes[name] = _join_attribute(x, y)
    return env, frozenset(nones), attributes, literals


@contextmanager
def narrowed_by(flow: Flow, kinds: Sequence[dict[str, Kind]]) -> Iterator[None]:
    """Names and expressions with the kinds tests proved, for one branch. A name the
    branch rebinds keeps its new value after it; the others get theirs back."""
    merged = {key: kind for part in kinds for key, kind in part.items()}
    if not merged:
        yield
        return
    names = {k: v for k, v in merged.items() if not k.startswith(EXPRESSION)}
    saved_expressions = dict(flow.narrowed_expressions)
    flow.narrowed_expressions.update(
        {k: v for k, v in merged.items() if k.startswith(EXPRESSION)})
    saved = {name: flow.env.get(name) for name in names}
    for name, kind in names.items():
        old = flow.env.get(name)
        flow.env[name] = (kind, old[1] if old is not None else None)
    try:
        yield
    finally:
        flow.narrowed_expressions = saved_expressions
        for name, kind in names.items():
            current = flow.env.get(name)
            if current is None or current[0] != kind:
                continue  # rebound in the branch
            old = saved[name]
            if old is None:
                del flow.env[name]
            else:
                flow.env[name] = old
