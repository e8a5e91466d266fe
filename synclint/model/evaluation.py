"""One evaluation of one function: a pass over its body with the current summaries of
its callees, giving its summary."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from synclint import knowledge
from synclint.analysis.kinds import (
    DEVICE_TENSORS,
    HOST,
    HOST_TENSOR,
    MODULE,
    TENSORS,
    UNKNOWN,
    Branch,
    Instance,
    Kind,
    Seq,
    Tup,
    close_branch,
    elem_of,
    join_all,
)
from synclint.knowledge import numba
from synclint.model.call_sites import trains
from synclint.model.calls import Calls, _argument, cpu_device
from synclint.model.carried import carried_target
from synclint.model.data_transforms import (
    assigned_transform,
    collates,
    default_transforms,
    given_collate,
    given_transforms,
)
from synclint.model.device_params import host_default, made_on, rebinds
from synclint.model.dispatch import declared_effects
from synclint.model.expressions import combine, element_source, if_expression
from synclint.model.flow import _UNKNOWN_VALUE, Bound, Model, Value, narrowed_by, settle
from synclint.model.host_data import (
    LOADER_LOOP,
    calls_a_model,
    hosted,
    loader_batches,
    moves_to_device,
    unmoved_fields,
)
from synclint.model.host_later import on_host_after_numpy, on_host_until_later, shown_later
from synclint.model.index import (
    _Function,
    _Module,
    display_name,
    pseudo_function,
)
from synclint.model.kindops import _bounded, _on_host_where_proved
from synclint.model.lazy_state import Getter, first_step_from, returned_state, type_exit_from
from synclint.model.lazy_state import state as lazy_state
from synclint.model.narrowing import cuda_fallback
from synclint.model.properties import computes_its_value
from synclint.model.properties import getter as property_getter
from synclint.model.settings import (
    _assigned_attributes,
    ast_test_names,
    default_path,
    latched,
    local_settings,
    main_path_else,
    parameters_read,
    run_setting_value,
    setting_test,
)
from synclint.model.sketch import Sketch
from synclint.model.spans import ast_spans
from synclint.model.stored import initialised, kept, sole_store, stored_item
from synclint.model.summaries import Summary
from synclint.model.syntax import (
    _always_raises,
    _assignments,
    _cold_from,
    _dotted,
    _ends_abruptly,
    _first,
    _is_self,
    _placeholders,
    _to_cpu,
    periodic_guard,
)

if TYPE_CHECKING:
    from synclint.model.project import Project


class Evaluation(Calls):
    """One pass over a function body with the current summaries of its callees."""

    def run(self) -> Summary:
        compiled = int(_numba_compiled(self))  # `@cuda.jit`: nothing there reads on the host
        self.cold += compiled
        self._statements(self.function.node.body)
        self.cold -= compiled
        settle(self)
        declared_effects(self)  # a declaration runs its subclasses' overrides
        returns = join_all(self.returns)
        annotation = self.function.node.returns
        if annotation is not None:
            declared = _declared_return(self, annotation)
            wrong = bool(self.tuple_returns) and (declared in TENSORS or (
                isinstance(declared, Tup) and self.tuple_returns != {len(declared.items)})) \
                or (returns is HOST and declared in TENSORS and computes_its_value(
                    self.function.node)) \
                or (isinstance(returns, Seq) and declared in TENSORS)  # a list (fresh17 F3)
            if declared is not UNKNOWN and not wrong:
                # `-> torch.Tensor` on a function that returns `a, b, c, d` somewhere is
                # a wrong annotation: unpacking its result must not make four tensors.
                returns = _on_host_where_proved(declared, returns, self.project.classes)
        returns = _bounded(returns)
        old = self.project.summaries.get(self.function.key)
        params = set(self.return_params)
        returns_from = params.pop() if len(params) == 1 else None
        if returns_from in self.moved_params:
            returns_from = None
        return Summary(self.function.key, display_name(self.function), returns,
                       tuple(self.syncs[code] for code in sorted(self.syncs)),
                       tuple(self.param_effects[k] for k in sorted(self.param_effects)),
                       old.hot if old is not None else None, self.function.params,
                       returns_from=returns_from,
                       param_kinds=tuple(sorted(self.param_kinds.items(), key=_first)),
                       assigns=_self_assigned(self.function.node.body)
                       if self.function.class_key is not None else (),
                       keywords=self.settable[len(self.function.params):],
                       run_setting=bool(self.setting_returns) and all(self.setting_returns),
                       moves=self.returns_moved,
                       lazy_state=returned_state(self.function.node)
                       if self.function.node.decorator_list else None,
                       moves_any=_moves_any(self.function, returns, self._module_method),
                       trains=trains(self, self.function.node), ducks=tuple(self.ducks.items()),
                       **self._returns_on())

    def _returns_on(self) -> dict[str, Any]:
        """`Summary.returns_on`, `on_host_default`: see `device_params.py`."""
        devices = set(self.return_devices)
        found = devices.pop() if len(devices) == 1 else None
        if found is None:
            return {}
        name = self.settable[found]
        node = self.function.node
        if rebinds(node, name):
            return {}
        return {"returns_on": found, "on_host_default": host_default(node.args, name)}

    def _moves_through_helper(self) -> bool:
        """Whether the function calls a project helper whose result may be put on a device
        (`to_device(data, self.device)` of `def to_device(X, device): return X.to(device)`,
        `to_gpu(x)` of `return x.cuda()`), passing no CPU device where the helper makes its
        result: its loader's batches are moved, as `data.to(self.device)` moves them."""
        for node in ast.walk(self.function.node):
            if not isinstance(node, ast.Call):
                continue
            dotted = _dotted(node.func)
            key = self._project_callee(dotted) if dotted is not None else None
            if key is None or key == self.function.key:
                continue
            self.callees.add(key)  # its summary is read: evaluated again when that changes
            summary = self.project.summaries.get(key)
            if summary is None or not summary.moves:
                continue
            if summary.returns_on is not None:
                device, _ = _argument(node, summary.returns_on, summary)
                if device is not None and cpu_device(self, device):
                    continue  # `to_device(data, "cpu")`
            return True
        return False

    # -- statements ---------------------------------------------------------------------
    def _statements(self, body: list[ast.stmt]) -> None:
        # The rest of a block after `if not self.debug: return`, and the tail of a body
        # that only runs on the way to a `raise`, are cold (`cold.py` for LibCST).
        start = _cold_from(body, body is self.function.node.body)
        # After `if <lazy buffers materialised>: return`: the first step's (`lazy_state.py`).
        once = first_step_from(body, _lazy_getter(self))
        # After `if isinstance(value, torch.Tensor): return ...`: the other kinds' path.
        once = min(once, type_exit_from(body, set(self.function.params)))
        # A nested block sees the items the enclosing one stored (`stored.py`).
        outer, self.stored = self.stored, dict(self.stored)
        top = body is self.function.node.body
        later = shown_later(self, body)
        for index, statement in enumerate(body):
            if index == start:
                self.cold += 1
            self.conditional += index == once
            self._statement(statement)
            if top:
                on_host_after_numpy(self, statement)
            if index in later:
                on_host_until_later(self, *later[index], statement)
            self.stored = kept(self.stored, statement)
            key = stored_item(statement)
            if key is not None and isinstance(statement, ast.Assign):
                self.stored[key] = self._last_kind(statement.value)
            for key, value in initialised(statement) if isinstance(statement, ast.If) else ():
                if sole_store(self.function.node, key, value):  # `if not state: ...`
                    self.stored[key] = self._last_kind(value)
        if start < len(body):
            self.cold -= 1
        self.conditional -= once < len(body)
        self.stored = outer

    @property
    def _module_method(self) -> bool:
        """Whether the function is a method of an `nn.Module` class."""
        return knowledge.is_module(self.self_bases)

    def _is_module(self, func: ast.expr) -> bool:
        """Whether a callee is known as a module before the loop runs: a local
        (`model(x)`) or a `self.<attribute>` (`self.encoder(x)`) of the module kind."""
        if isinstance(func, ast.Name):
            return self.env.get(func.id, _UNKNOWN_VALUE)[0] is MODULE
        return isinstance(func, ast.Attribute) and _is_self(func.value) and \
            self.self_kinds.get(func.attr) is MODULE

    def _statement(self, node: ast.stmt) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self._definition(node)  # its body: an evaluation of its own
        elif isinstance(node, ast.Assign):
            if self.loops and (carried := carried_target(node)) is not None:
                self.carried[id(node.value)] = carried  # `shapes = recv(shapes)`
            value = self.expr(node.value)
            for target in node.targets:
                if isinstance(target, ast.Name) and self.branches:
                    self._prove_tensor(target.id, node.value, value[0])
                self._bind(target, value, node.value)
            # Placeholders (`x = None`, `xs = []`, `a, b = [], []`) a branch or appends fill.
            self.nones.update(_placeholders(node.targets, node.value))
            assigned_transform(self, node)  # `dataset.transform = Compose([...])`
        elif isinstance(node, ast.AnnAssign):
            kind = self._annotation(node.annotation)
            value = self.expr(node.value) if node.value is not None else _UNKNOWN_VALUE
            if kind is not UNKNOWN:
                # `sizes: torch.Tensor = torch.Tensor(shapes)`: a CPU tensor all the same.
                value = (_on_host_where_proved(kind, value[0], self.project.classes), value[1])
            self._bind(node.target, value, node.value)
            if node.value is not None:  # `fad: Optional[Metric] = None`: a placeholder too
                self.nones.update(_placeholders([node.target], node.value))
        elif isinstance(node, ast.AugAssign):
            value = self.expr(node.value)
            if isinstance(node.target, ast.Name):
                old = self.env.get(node.target.id, _UNKNOWN_VALUE)
                self._record(node.target, old[0])
                if self.branches:
                    if old[0] is UNKNOWN and value[0] in DEVICE_TENSORS:
                        self._prove_tensor(node.target.id, None, value[0])  # `x &= mask`
                    self.branches[-1].rebound.add(node.target.id)
                _augmented(self, node.target.id, old, value, node.op)
                self.rebound.add(node.target.id)
                self.literals.pop(node.target.id, None)  # `done |= flag`: no longer the literal
            else:
                self.expr(node.target)
        elif isinstance(node, ast.Return):
            self._return(node)
            default_transforms(self)  # a data module's `[..., self._resize]`
        elif isinstance(node, ast.Expr):
            self.expr(node.value)
            call = node.value
            moved_in_place(self, call)
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and \
                    call.func.attr == "append" and isinstance(call.func.value, ast.Name) and \
                    len(call.args) == 1 and not call.keywords and \
                    not isinstance(call.args[0], ast.Starred):
                self._append(call.func.value.id,
                             self.last.get(id(call.args[0]), _UNKNOWN_VALUE)[0])
        elif isinstance(node, ast.If):
            self._if(node)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            iterable = self.expr(node.iter)
            source = element_source(iterable)  # `for row in labels: row.ne(-100).any()`
            element = elem_of(iterable[0])
            batches = loader_batches(node.iter, self._last_kind)
            if batches is not None and not moves_to_device(self.function.node) and \
                    not self._moves_through_helper():
                element = batches
                if not calls_a_model(node.body, self._module_method, self._is_module):
                    # From here on, host code (`host_data.py`).
                    self.host_data = self.host_data or LOADER_LOOP
            self._bind(node.target, (element, source), None)
            for name in unmoved_fields(node):
                if self.env.get(name, _UNKNOWN_VALUE)[0] is UNKNOWN:
                    self.env[name] = (HOST_TENSOR, None)  # a loader's field left on the host
            self._loop_body(node.body)
            self.conditional += 1
            self._statements(node.orelse)
            self.conditional -= 1
        elif isinstance(node, ast.While):
            self._test(node.test)
            self._loop_body(node.body)
            self.conditional += 1
            self._statements(node.orelse)
            self.conditional -= 1
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.expr(item.context_expr)
                if item.optional_vars is not None:
                    self._bind(item.optional_vars, _UNKNOWN_VALUE, None)
            self._statements(node.body)
        elif isinstance(node, _TRY):
            self._try(node)
        elif isinstance(node, ast.Assert):
            self._test(node.test)
            if node.msg is not None:
                with self._cold():  # evaluated at most once, on failure
                    self.expr(node.msg)
        elif isinstance(node, ast.Raise):
            with self._cold():
                self.expr(node.exc)
                self.expr(node.cause)
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                self.expr(target)
        elif hasattr(ast, "Match") and isinstance(node, ast.Match):
            self.expr(node.subject)
            self.conditional += 1
            for case in node.cases:
                if case.guard is not None:
                    self.expr(case.guard)
                self._statements(case.body)
            self.conditional -= 1

    def _try(self, node: ast.Try) -> None:
        self._statements(node.body)
        self.conditional += 1
        for handler in node.handlers:
            if handler.type is not None:
                self.expr(handler.type)
            if handler.name is not None:
                self.env[handler.name] = _UNKNOWN_VALUE
                self.rebound.add(handler.name)
                self.literals.pop(handler.name, None)
            self._statements(handler.body)
        self._statements(node.orelse)
        self.conditional -= 1
        self._statements(node.finalbody)

    def _return(self, node: ast.Return) -> None:
        self.setting_returns.append(node.value is not None and
                                    run_setting_value(node.value, self._run_setting))
        if node.value is None or (isinstance(node.value, ast.Constant)
                                  and node.value.value is None):
            self.expr(node.value)
            return
        returned = node.value
        if isinstance(returned, ast.Tuple) and len(returned.elts) > 1 and \
                not any(isinstance(e, ast.Starred) for e in returned.elts):
            # `return alpha_t, sigma_t`: each item may come from the same parameter.
            value = self.expr(returned)
            items = [(self.last.get(id(e), _UNKNOWN_VALUE)[0], self._source(e))
                     for e in returned.elts]
            self.returns.append(value[0])
            self.tuple_returns.add(len(returned.elts))
            sources = {item[1] for item in items}
            source = sources.pop() if len(sources) == 1 else None
            self.return_params.append(source if all(
                item[0] in TENSORS or item[0] is UNKNOWN for item in items) else None)
        else:
            value = self.expr(returned)
            self.returns.append(value[0])
            if value != (HOST_TENSOR, None):  # `return torch.ones(n)` is a CPU tensor
                # whatever the arguments: the other returns say where the result is from.
                self.return_params.append(
                    value[1] if value[0] in TENSORS or value[0] is UNKNOWN else None)
        self.return_devices.append(made_on(returned, self.settable, self._qualified))
        self.returns_moved = self.returns_moved or moves_to_device(returned)

    def _if(self, node: ast.If) -> None:
        self._test(node.test)
        holds, fails = self._narrowings(node.test)
        if _ends_abruptly(node.body):
            # `if params[0].is_cuda: return clip_grad_norm_(params, m)`: a CPU path follows.
            fails = {**fails, **cuda_fallback(
                node.test, lambda e: self.last.get(id(e), _UNKNOWN_VALUE)[0])}
        cold_body = _always_raises(node.body)
        # Calls under a periodic guard run once every few steps (`Evaluated.rare_calls`).
        periodic = int(periodic_guard(
            node.test, lambda e: self.last.get(id(e), _UNKNOWN_VALUE)[0] in TENSORS))
        # A test of settings alone (`settings.py`) picks the same branch on every step:
        # the branch's syncs are kept, saying when they run. Any other test may pick
        # either, so neither branch's syncs are the function's.
        groups, entries = _local_settings(self.function, self.module.param_groups)
        setting = not self.module_level and setting_test(
            node.test, lambda e: self.last.get(id(e), _UNKNOWN_VALUE)[0],
            Bound(self, entries), self._run_setting, groups) \
            and not latched(node) and not _lazy_init(self, node) \
            and lazy_state(node.test, _lazy_getter(self)) is None
        if setting and self.setting_tests is not None and self.record is not None:
            self.setting_tests.update(ast_spans(node.test, self.record[1]))
        # The summary keeps a branch's syncs; under a test of parameters, each caller
        # judges what it passes for them (`Effect.when`).
        read = parameters_read(node.test, self.function.node, self.settable) \
            if setting else None
        # The branch the defaults take needs nothing of the caller (`eps == -1.0` with
        # `eps=-1.0`): whatever a call passes, it is the path a run takes by default.
        default = default_path(node.test, self.function.node) if read else None
        guarded = 0 if read is not None else 1
        # The `else` of `if c: return ...` runs whenever code after the `if` would.
        main_else = guarded and main_path_else(_ends_abruptly(node.body),
                                               ast_test_names(node.test))
        self.conditional += guarded
        # Flow-sensitive: after the `if`, a name (or `self.<attr>`) holds what either
        # branch left, merged; a branch that returns or raises leaves nothing. A path's
        # state is taken inside its narrowing: what the test proved of a name the branch
        # did not rebind still holds at the end of that branch.
        before = self._state()
        if read is not None:  # under a setting: the syncs recorded say which
            self.settings.append((node.test, True, () if default is True else read))
        with narrowed_by(self, [holds]):
            self.cold += cold_body
            self.sites.rare += periodic
            self.branches.append(Branch(0))
            self._statements(node.body)
            body = close_branch(self.branches)
            self.cold -= cold_body
            self.sites.rare -= periodic
            after_body = None if _ends_abruptly(node.body) else self._state()
        self._restore(before)
        if read is not None:  # (an `elif` says its own test)
            elif_ = len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If)
            self.settings[-1] = (None if elif_ else node.test, False,
                                 () if default is False else read)
        with narrowed_by(self, [fails]):
            self.branches.append(Branch(0))
            self.conditional -= guarded if main_else else 0
            self._statements(node.orelse)
            self.conditional += guarded if main_else else 0
            orelse = close_branch(self.branches)
            after_else = None if node.orelse and _ends_abruptly(node.orelse) else self._state()
        if read is not None:
            self.settings.pop()
        self.conditional -= guarded
        if after_body is not None or after_else is not None:
            self._merge_paths(after_body, after_else, (body, orelse))

    def _loop_body(self, body: list[ast.stmt]) -> None:
        """Names assigned in the body may be read earlier in the next iteration: they are
        bound first (to what their value would be now), so that `x.item()` sees
        `x = t.sum()` written below it."""
        for node in _assignments(body):
            target = node.targets[0]
            if len(node.targets) == 1 and isinstance(target, ast.Name) and \
                    target.id not in self.env:
                self.env[target.id] = self._peek(node.value)
                self.rebound.add(target.id)
        self.loops += 1
        self._statements(body)
        self.loops -= 1

    def _definition(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        """What a definition evaluates where it stands: decorators, defaults, bases."""
        for decorator in node.decorator_list:
            self.expr(decorator)
        closure = not self.module_level and not self.globals_only
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                self.expr(base)
            for keyword in node.keywords:
                self.expr(keyword.value)
            if closure:
                # Its methods see this function's names too (a class body is no scope of
                # theirs): `get_atoms(self)` reads `structure`, a parameter here.
                for method in node.body:
                    if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        _closure(self, f"{node.name}.{method.name}")
            return
        arguments = node.args
        for default in (*arguments.defaults, *(d for d in arguments.kw_defaults if d)):
            self.expr(default)
        if closure:
            _closure(self, node.name)  # the nested function's body sees these names

    # -- expressions --------------------------------------------------------------------
    def expr(self, node: ast.expr | None) -> Value:
        if node is None:
            return _UNKNOWN_VALUE
        method: Callable[[Evaluation, Any], Value] | None = _EXPRESSIONS.get(type(node))
        if method is None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.expr(child)
            value = _UNKNOWN_VALUE
        else:
            value = method(self, node)
        if self.host_data is not None:
            value = (hosted(value[0]), value[1])
        self._record(node, value[0], value)
        return value


#: `try`, and `try` with `except*` (3.11+), which has the same fields.
_TRY: tuple[type[ast.Try], ...] = (ast.Try, *((ast.TryStar,) if hasattr(ast, "TryStar") else ()))

def _call(evaluation: Evaluation, node: ast.Call) -> Value:
    value = evaluation._call(node)
    if node.keywords:
        given_transforms(evaluation, node)  # `ASEDataset(transforms=[...])`
        given_collate(evaluation, node)  # `DataLoader(dataset, collate_fn=...)`
    return value


_EXPRESSIONS: dict[type, Callable[[Evaluation, Any], Value]] = {
    ast.Name: Evaluation._name,
    ast.Constant: Evaluation._constant,
    ast.Attribute: Evaluation._attribute,
    ast.Subscript: Evaluation._subscript,
    ast.Compare: Evaluation._compare,
    ast.BinOp: Evaluation._binop,
    ast.UnaryOp: Evaluation._unary,
    ast.BoolOp: Evaluation._boolop,
    ast.IfExp: if_expression,
    ast.List: Evaluation._sequence,
    ast.Set: Evaluation._sequence,
    ast.Tuple: Evaluation._tuple,
    ast.Dict: Evaluation._dict,
    ast.ListComp: Evaluation._comprehension,
    ast.SetComp: Evaluation._comprehension,
    ast.GeneratorExp: Evaluation._comprehension,
    ast.DictComp: Evaluation._comprehension,
    ast.Lambda: Evaluation._lambda,
    ast.NamedExpr: Evaluation._named,
    ast.Starred: Evaluation._starred,
    ast.JoinedStr: Evaluation._joined,
    ast.Call: _call,
}


def _local_settings(function: _Function, param_groups: bool
                    ) -> tuple[frozenset[str], frozenset[str]]:
    """`settings.local_settings` of `function`, found once per function (not once per
    evaluation); its sketch's calls spare the walk of most (None: no sketch)."""
    if function.settings is None:
        function.settings = local_settings(
            function.node, param_groups,
            function.sketch.calls if function.sketch != Sketch() else None)
    return function.settings


def _moves_any(function: _Function, returns: Kind, module_method: bool) -> bool:
    """`Summary.moves_any`, walked once per function, for those that build or run a module
    (a module's `__init__` and `forward`, a function returning a project object) and for
    collate functions (`data_transforms.collates`) only."""
    if not (module_method and function.name in ("__init__", "forward")) and \
            not isinstance(returns, Instance) and not collates(function.key):
        return False
    if function.moves_any is None:
        function.moves_any = moves_to_device(function.node)
    return function.moves_any


def _self_assigned(body: list[ast.stmt]) -> tuple[str, ...]:
    """The attributes of `self` the statements assign (`Summary.assigns`)."""
    return tuple(sorted({target.attr for target in _assigned_attributes(body)
                         if isinstance(target, ast.Attribute) and _is_self(target.value)}))


def _lazy_init(evaluation: Evaluation, node: ast.If) -> bool:
    """`if self._values is None: self._estimate(x)`, where the project method `_estimate`
    assigns `self._values` (its summary says so) and this function never sets it back to
    None: a latch through a helper (`settings.latched` reads the branch's own
    assignments), true once. A reset in another method is not seen."""
    tested = {n.attr for n in ast.walk(node.test)
              if isinstance(n, ast.Attribute) and _is_self(n.value)}
    if not tested or evaluation.function.class_key is None:
        return False
    for statement in node.body:
        for call in ast.walk(statement):
            dotted = _dotted(call.func) if isinstance(call, ast.Call) else None
            if dotted is None or not dotted.startswith("self."):
                continue
            key = evaluation._project_callee(dotted)
            summary = evaluation.project.summaries.get(key) if key is not None else None
            if key is not None and summary is not None and tested & set(summary.assigns):
                evaluation.callees.add(key)  # read state: a summary
                # (the function scanned only here, once a helper that assigns is found)
                return not _resets(evaluation.function.node, tested)
    return False


def _lazy_getter(evaluation: Evaluation) -> Getter:
    """The lazy state a property of the evaluated method's class returns, by name
    (`Summary.lazy_state`), read as a callee's summary."""
    def found(name: str) -> bool | None:
        key = evaluation.function.class_key
        if key is None or evaluation.globals_only or \
                name not in evaluation.project.property_names:
            return None
        getter = property_getter(evaluation.project, key, name)
        if getter is None:
            return None
        evaluation.callees.add(getter[0])  # read state: a summary
        summary = evaluation.project.summaries.get(getter[0])
        return None if summary is None else summary.lazy_state
    return found


def _resets(function: ast.AST, attributes: set[str]) -> bool:
    """Whether `function` sets one of `self`'s `attributes` back to None (re-armed on
    every call, not a latch)."""
    return any(isinstance(other, ast.Assign) and isinstance(other.value, ast.Constant)
               and other.value.value is None and any(
                   isinstance(t, ast.Attribute) and _is_self(t.value) and t.attr in attributes
                   for t in other.targets)
               for other in ast.walk(function))


def _augmented(evaluation: Evaluation, name: str, old: Value, value: Value,
               op: ast.operator) -> None:
    """`name <op>= value`: a list grown with `+= [x]` takes `x`'s kind as `append` does
    (fresh17 M3); anything else combines the two kinds."""
    if isinstance(op, ast.Add) and isinstance(old[0], Seq) and isinstance(value[0], Seq):
        evaluation._append(name, value[0].elem)
    else:
        evaluation.env[name] = (combine(old[0], value[0], op), old[1])


def _numba_compiled(evaluation: Evaluation) -> bool:
    """Whether numba compiles the evaluated function (`@cuda.jit`, `@njit`): its body is
    then cold code (`knowledge/numba.py`)."""
    return any(numba.compiles(evaluation._qualified(_dotted(
        d.func if isinstance(d, ast.Call) else d) or "?"))
        for d in evaluation.function.node.decorator_list)


def module_globals(project: Project | Model, module: _Module) -> dict[str, Kind]:
    """What a module's own code binds its names to (the kinds its functions start
    with), evaluated without any function's summary: the same before and after the
    fixed point, so the index and a file's view agree on it."""
    assert module.tree is not None
    evaluation = Evaluation(project, pseudo_function(module, "<globals>", module.tree.body),
                            globals_only=True)
    evaluation.run()
    return {name: value[0] for name, value in evaluation.env.items() if value[0] is not UNKNOWN}


def moved_in_place(evaluation: Evaluation, call: ast.expr) -> None:
    """`self.model.to(self.device)` or `model.cuda()` as a statement, of a value of
    unknown kind (a model a factory built: `network.build(config)`): only a module moves
    in place (a tensor's `.to()` returns a copy), so the value is a module from here on,
    and calling it gives tensors that may live on the device. A move to the CPU, or to a
    dtype alone (`.to(torch.float16)`), tells nothing about a device."""
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and
            call.func.attr in ("to", "cuda")) or _to_cpu(call) or (
                call.func.attr == "to" and call.args and
                (_dotted(call.args[0]) or "").startswith("torch.") and
                _dotted(call.args[0]) != "torch.device"):
        return
    receiver = call.func.value
    if evaluation.last.get(id(receiver), _UNKNOWN_VALUE)[0] is not UNKNOWN:
        return
    if isinstance(receiver, ast.Name) and receiver.id in evaluation.env:
        evaluation.env[receiver.id] = (MODULE, None)
    elif isinstance(receiver, ast.Attribute) and _is_self(receiver.value):
        evaluation.self_kinds[receiver.attr] = MODULE


def _declared_return(evaluation: Evaluation, node: ast.expr) -> Kind:
    """A return annotation's kind, with the project classes it names as their instances
    (`-> Pattern`, `-> tuple[dict, Trainer]`): the caller then calls their methods
    (an abstract provider's `get_pattern()`, whose overrides say nothing of the class).
    A class that only declares methods its subclasses override is no class here: a
    factory annotated with an abstract base returns the subclass its arguments pick
    (`Laplace(..., hessian_structure=...) -> BaseLaplace`), not every one of them."""
    declared = evaluation._annotation(node, unions=False)
    if declared is UNKNOWN:
        found = evaluation._parameter(node)
        cls = evaluation.project.classes.get(found.cls) if isinstance(found, Instance) else None
        return found if cls is not None and not cls.overrides else UNKNOWN
    if isinstance(declared, Tup) and isinstance(node, ast.Subscript) and \
            isinstance(node.slice, ast.Tuple) and len(node.slice.elts) == len(declared.items):
        return Tup(tuple(_declared_return(evaluation, item) if kind is UNKNOWN else kind
                         for kind, item in zip(declared.items, node.slice.elts)))
    return declared


def _closure(evaluation: Evaluation, nested: str) -> None:
    """The names the function `nested` (its key under the evaluated one) sees from it
    (`flow._surroundings`)."""
    evaluation.closures_made[f"{evaluation.function.key}.{nested}"] = {
        name: value[0] for name, value in evaluation.env.items() if value[0] is not UNKNOWN}
