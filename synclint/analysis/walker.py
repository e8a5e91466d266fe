"""One traversal per file: keeps scopes, loops and ancestors current and calls the rules.

LibCST's own `visit` rebuilds every node it passes through; this walker only reads the
dataclass fields that hold child nodes, and skips whitespace, so a full traversal costs
a fraction of the parse (DESIGN.md section 7).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import libcst as cst

from synclint.analysis.cold import ROLE, Cold, cold_reason, flag_assignments
from synclint.analysis.infer import Env, combine, is_cpu_device, uses_as_tensor
from synclint.analysis.kinds import (
    HOST,
    HOST_TENSOR,
    NUMPY,
    TENSORS,
    UNKNOWN,
    Func,
    Instance,
    Kind,
    elem_of,
    is_device_tensor,
    on_host,
)
from synclint.analysis.names import Imports, dotted_name
from synclint.analysis.narrowing import narrowings
from synclint.analysis.roles import (
    class_role,
    function_role,
    module_function_role,
    module_role,
)
from synclint.style import CodeStyle

if TYPE_CHECKING:
    from synclint.analysis.compiled import Region
    from synclint.analysis.project import FileView, Hot, Summary

Hook = Callable[[Any], None]
#: Arguments that never live on an accelerator.
_HOST_VALUES = (HOST_TENSOR, HOST, NUMPY)

#: Fields that never hold code a rule could care about.
_SKIPPED_FIELDS = frozenset(
    {
        "whitespace", "whitespace_before", "whitespace_after", "leading_lines",
        "lines_after_decorators", "lpar", "rpar", "comma", "semicolon", "header", "footer",
        "trailing_whitespace", "equal", "colon", "star", "dot", "operator", "newline",
        "whitespace_before_colon", "whitespace_after_colon", "whitespace_before_params",
        "whitespace_after_def", "whitespace_after_for", "whitespace_before_in",
        "whitespace_after_in", "whitespace_after_if", "whitespace_after_while",
        "whitespace_after_lambda", "whitespace_after_arg", "whitespace_after_star",
        "whitespace_after_cls", "whitespace_after_assert", "whitespace_after_return",
        "whitespace_after_import", "whitespace_after_from", "whitespace_before_import",
        "whitespace_after_with", "whitespace_before_as", "whitespace_after_as",
        "whitespace_before_expression", "whitespace_after_expression", "whitespace_after_del",
        "whitespace_after_name", "whitespace_after_class", "whitespace_after_raise",
        "whitespace_after_async", "whitespace_after_await", "whitespace_after_at",
        "whitespace_before_walrus", "whitespace_after_walrus", "whitespace_after_global",
        "whitespace_after_nonlocal", "whitespace_after_type", "whitespace_after_case",
        "whitespace_after_match", "whitespace_before_assert", "whitespace_after_except",
        "whitespace_after_yield", "whitespace_after_print", "whitespace_after_elif",
        "whitespace_before_from", "whitespace_after_else", "whitespace_after_try",
        "whitespace_after_finally", "asynchronous", "attr", "keyword", "asname", "decorators",
        "default_comma", "body_whitespace", "tokens", "parens", "between",
        "whitespace_after_param", "star_arg", "indent", "encoding", "default_indent",
        "default_newline", "has_trailing_newline", "value_whitespace", "star_tok",
    }
)
_FIELD_CACHE: dict[type, tuple[str, ...]] = {}


def child_fields(cls: type) -> tuple[str, ...]:
    fields = _FIELD_CACHE.get(cls)
    if fields is None:
        fields = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if f.name not in _SKIPPED_FIELDS and not f.name.startswith("whitespace")
        )
        _FIELD_CACHE[cls] = fields
    return fields


#: What a field value's type is to the traversal: a node, a sequence of them, or
#: neither. `isinstance(value, cst.CSTNode)` goes through the ABC machinery on every call
#: (a third of the walk's own time); a dict lookup per type does not.
_NODE, _SEQUENCE, _OTHER = 1, 2, 0
_VALUE_KINDS: dict[type, int] = {}


def _value_kind(cls: type) -> int:
    kind = _VALUE_KINDS.get(cls)
    if kind is None:
        kind = (_NODE if issubclass(cls, cst.CSTNode)
                else _SEQUENCE if issubclass(cls, (tuple, list)) else _OTHER)
        _VALUE_KINDS[cls] = kind
    return kind


def iter_children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The code-bearing children of a node, in field order."""
    children: list[cst.CSTNode] = []
    kinds = _VALUE_KINDS
    for name in child_fields(type(node)):
        value = getattr(node, name)
        kind = kinds.get(type(value), -1)
        if kind < 0:
            kind = _value_kind(type(value))
        if kind == _NODE:
            children.append(value)
        elif kind == _SEQUENCE:
            for item in value:
                item_kind = kinds.get(type(item), -1)
                if item_kind < 0:
                    item_kind = _value_kind(type(item))
                if item_kind == _NODE:
                    children.append(item)
    return children


#: The nodes that can hold statements: an assignment is never inside an expression.
_STATEMENT_HOLDERS = (
    cst.Module, cst.IndentedBlock, cst.SimpleStatementSuite, cst.SimpleStatementLine,
    cst.If, cst.Else, cst.For, cst.While, cst.Try, cst.TryStar, cst.ExceptHandler,
    cst.ExceptStarHandler, cst.Finally, cst.With, cst.FunctionDef, cst.ClassDef, cst.Match,
    cst.MatchCase,
)


def _assignments(node: cst.CSTNode) -> Iterable[cst.Assign]:
    """The `Assign` statements below `node` in `walk` order (nested functions and classes
    included), without descending into expressions, where none can be."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Assign):
            yield current
        elif isinstance(current, _STATEMENT_HOLDERS):
            stack.extend(reversed(iter_children(current)))


def walk(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Every code-bearing node below `node`, depth first (no scopes, no rules)."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(iter_children(current)))


class Context:
    """What rules may ask about the current point of the traversal."""

    def __init__(self, source: str, project: FileView | None = None,
                 filename: str = "") -> None:
        self.source = source
        self.filename = filename
        self.imports = Imports()
        self.env = Env(self.imports)
        #: The whole-program index as this file sees it (None: one file on its own).
        self.project = project
        #: Names of the enclosing classes and functions, outermost first ("Model", "forward").
        self.scope: list[str] = []
        #: Why the current function runs once per step (None when it does not).
        self.hot: Hot | None = None
        #: Why the current code is cold by its role (setup, save, load, export, a logger
        #: backend, test code: `roles.py`), or None. Sync rules report nothing there.
        self.cold_role: str | None = None
        self._callees: dict[tuple[int, int], Summary | None] = {}
        if project is not None:
            self.env.project_call = self._project_call_kind
            self.env.self_attribute = self._self_attribute_kind
            self.env.instance_attribute = project.instance_attribute
            self.env.self_bases = lambda: project.library_bases(tuple(self.scope))
        #: Enclosing loops of the current function (For, While, comprehension or call node).
        self.loops: list[cst.CSTNode] = []
        #: Ancestors of the node being visited, outermost first.
        self.parents: list[cst.CSTNode] = []
        self.functions: list[cst.FunctionDef | cst.Lambda] = []
        #: Names the source mentions: a cheap test for imports we never saw.
        self.mentions_torch = "torch" in source
        self._flags: dict[int, dict[str, cst.BaseExpression]] = {}
        #: The project's code style, which generated code follows.
        self.style = CodeStyle()
        #: Called with each node whose kind a rule asks, and the kind given (the
        #: inference comparison of benchmarks/inference_agreement.py).
        self.compare: Callable[[cst.BaseExpression, Kind], None] | None = None

    @property
    def in_loop(self) -> bool:
        return bool(self.loops)

    @property
    def parent(self) -> cst.CSTNode | None:
        return self.parents[-1] if self.parents else None

    def kind(self, node: cst.BaseExpression) -> Kind:
        kind = self.env.kind(node)
        if self.compare is not None:
            self.compare(node, kind)
        return kind

    def cold(self, node: cst.CSTNode) -> Cold | None:
        """Why `node` (a child of the current ancestors) runs rarely (an assert message, a
        raise, a periodic guard's body), or None; sync rules stay silent in cold code."""
        loop = self.loops[-1] if self.loops else None
        found = cold_reason(node, self.parents, loop, self.kind, self._flag)
        if found is None and self.cold_role is not None:
            scope = self.functions[-1] if self.functions else node
            return Cold(ROLE, scope, role=self.cold_role)
        return found

    def module_name(self) -> str:
        """The file's dotted module name; for a file checked on its own, its stem (never
        the folders above it: a project may live under a folder called `tests`)."""
        module = self.project.module if self.project is not None else "__main__"
        if module == "__main__":
            stem = self.filename.replace("\\", "/").rsplit("/", 1)[-1]
            module = stem[:-3] if stem.endswith(".py") else stem
        return module

    def module_cold_role(self) -> str | None:
        """Why the whole file is cold (test code, a conversion script), or None."""
        return module_role(self.module_name())

    def function_cold_role(self, node: cst.FunctionDef) -> str | None:
        """Why the function `node` (its scope already pushed) is cold, or None: per-step
        code never is; else its name, its class (a logger backend), the project's
        knowledge of its callers, or the code around it says so."""
        scope = tuple(self.scope)
        if self.hot is not None:
            return None
        if self.project is not None:
            found = self.project.cold(scope)
            if found is not None:
                return found
        found = function_role(node.name.value)
        if found is not None:
            return found
        owner = next((p for p in reversed(self.parents[:-1])
                      if isinstance(p, (cst.ClassDef, cst.FunctionDef, cst.Lambda))), None)
        if isinstance(owner, cst.ClassDef):
            found = class_role(node.name.value, owner.name.value,
                               [dotted_name(b.value) or "" for b in owner.bases])
        elif owner is None:
            found = module_function_role(node.name.value, self.module_name())
        if found is not None:
            return found
        return self.cold_role  # a nested function is as cold as the code around it

    def _flag(self, name: str) -> cst.BaseExpression | None:
        scope: cst.CSTNode | None = self.functions[-1] if self.functions else (
            self.parents[0] if self.parents else None)
        if scope is None:
            return None
        flags = self._flags.get(id(scope))
        if flags is None:
            flags = self._flags[id(scope)] = flag_assignments(scope)
        return flags.get(name)

    # -- whole-program questions ----------------------------------------------------------
    def compiled_region(self) -> Region | None:
        """The torch.compile region the current function runs in, or None
        (`analysis/compiled.py`)."""
        if self.project is None or not self.scope:
            return None
        return self.project.compiled.region(self.project.module, self.scope)

    def callee(self, node: cst.Call) -> Summary | None:
        """The summary of the project function `node` calls, or None."""
        if self.project is None:
            return None
        key = (id(node), len(self.scope))
        if key in self._callees:
            return self._callees[key]
        found = self._callee(node)
        self._callees[key] = found
        return found

    def _callee(self, node: cst.Call) -> Summary | None:
        assert self.project is not None
        dotted = dotted_name(node.func)
        if dotted is None:
            return None
        head, _, method = dotted.partition(".")
        bound = self.env.lookup(head)
        if isinstance(bound, Instance) and method and "." not in method:
            # `scheduler.step(...)` of a parameter annotated with a project class.
            key = self.project.method(bound.cls, method)
            return self.project.summaries.get(key) if key is not None else None
        bound = bound if not method else None
        if bound is not None and not isinstance(bound, Func) and \
                f"{self.project.module}:{dotted}" not in self.project.summaries:
            return None  # a local variable, not a function (an annotated `def` is a Func)
        return self.project.resolve(dotted, tuple(self.scope))

    def hot_here(self) -> Hot | None:
        """Why the node being visited runs once per step: in a per-step function, outside
        loops (a loop says so itself) and outside `if` bodies (a guarded read, such as
        periodic logging, is not per step)."""
        hot = self.hot
        if hot is None or self.loops:
            return None
        parents = self.parents
        start = len(parents) - 1
        while start >= 0 and not isinstance(parents[start], (cst.FunctionDef, cst.Lambda)):
            start -= 1
        for index in range(start + 1, len(parents) - 1):
            parent = parents[index]
            if isinstance(parent, (cst.If, cst.Try, cst.ExceptHandler, cst.Else)):
                child = parents[index + 1]
                if not (isinstance(parent, cst.If) and child is parent.test):
                    return None
            if isinstance(parent, (cst.Raise, cst.Assert)):
                return None
        return hot

    def _project_call_kind(self, node: cst.Call) -> Kind | None:
        summary = self.callee(node)
        if summary is None:
            return self._project_instance(node)
        source = summary.returns_from
        positional = [arg for arg in node.args if arg.keyword is None and not arg.star]
        if source is not None and source < len(positional) and len(positional) == len(
                node.args) and self.env.kind(positional[source].value) in _HOST_VALUES:
            # Computed from the CPU tensor (or the Python number) passed in, whatever the
            # annotation says: `def n_tokens(lengths: Tensor) -> Tensor` given an int.
            return on_host(summary.returns)
        return None if summary.returns is UNKNOWN else summary.returns

    def _project_instance(self, node: cst.Call) -> Kind | None:
        """`pid = StepController(...)`: an instance of a project class (its methods resolve
        through the class: `pid.propose_step(error)`)."""
        assert self.project is not None
        dotted = dotted_name(node.func)
        if dotted is None or self.env.lookup(dotted.split(".", 1)[0]) is not None:
            return None
        key = self.project.class_key(dotted)
        return Instance(key) if key is not None else None

    def _self_attribute_kind(self, attribute: str) -> Kind | None:
        if self.project is None:
            return None
        kind = self.project.attribute_kind(attribute, tuple(self.scope))
        return None if kind is UNKNOWN else kind


class Walker:
    """Drives the traversal: analysis first, then every rule interested in the node."""

    def __init__(self, context: Context, visits: dict[str, list[Hook]],
                 leaves: dict[str, list[Hook]]) -> None:
        self.ctx = context
        self._visits = visits
        self._leaves = leaves

    def run(self, module: cst.Module) -> None:
        self._pre_scan(module)
        self.ctx.cold_role = self.ctx.module_cold_role()
        self._node(module)

    def _pre_scan(self, module: cst.Module) -> None:
        """Imports and annotated functions at module level, wherever they stand."""
        # Textual on purpose: any call of it, at any depth, makes CPU factories uncertain.
        self.ctx.env.default_device_set = "set_default_device" in self.ctx.source
        for statement in module.body:
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Import):
                        self.ctx.imports.add_import(small)
                    elif isinstance(small, cst.ImportFrom):
                        self.ctx.imports.add_import_from(small)
        for statement in module.body:
            if isinstance(statement, cst.FunctionDef):
                self._bind_function(statement)

    def _bind_function(self, node: cst.FunctionDef) -> None:
        if node.returns is not None:
            returns = self.ctx.env.annotation_kind(node.returns.annotation, unions=False)
            if returns is not UNKNOWN:
                self.ctx.env.bind(node.name.value, Func(returns))

    # -- traversal ------------------------------------------------------------------------
    def _node(self, node: cst.CSTNode) -> None:
        name = type(node).__name__
        hooks = self._visits.get(name)
        if hooks:
            for hook in hooks:
                hook(node)
        special = _SPECIAL.get(name)
        self.ctx.parents.append(node)
        try:
            if special is not None:
                special(self, node)
            else:
                for child in iter_children(node):
                    self._node(child)
        finally:
            self.ctx.parents.pop()
        hooks = self._leaves.get(name)
        if hooks:
            for hook in hooks:
                hook(node)

    def _children(self, nodes: Sequence[cst.CSTNode | None]) -> None:
        for node in nodes:
            if node is not None:
                self._node(node)

    def _each(self, nodes: Iterable[cst.CSTNode]) -> None:
        for node in nodes:
            self._node(node)

    # -- special forms ----------------------------------------------------------------
    def _import(self, node: cst.Import) -> None:
        self.ctx.imports.add_import(node)

    def _import_from(self, node: cst.ImportFrom) -> None:
        self.ctx.imports.add_import_from(node)

    def _function(self, node: cst.FunctionDef) -> None:
        env = self.ctx.env
        self._each(d.decorator for d in node.decorators)
        self._params_defaults(node.params)
        if not isinstance(self._owner(), cst.ClassDef):
            # A method's name is no name in its siblings' bodies (`def enumerate(self)`).
            self._bind_function(node)
        bindings: dict[str, Kind] = {}
        for param in _all_params(node.params):
            if param.annotation is not None:
                # `self: "GenerativeModel"` (a protocol) must not hide the enclosing class.
                annotation = param.annotation.annotation
                bindings[param.name.value] = env.annotation_kind(annotation) if \
                    param.name.value in ("self", "cls") else self._parameter_kind(annotation)
            else:
                bindings[param.name.value] = UNKNOWN
        saved_loops = self.ctx.loops
        saved_hot = self.ctx.hot
        saved_role = self.ctx.cold_role
        self.ctx.loops = []  # a function body runs per call, not per iteration of an outer loop
        self.ctx.functions.append(node)
        self.ctx.scope.append(node.name.value)
        project = self.ctx.project
        if project is not None:
            # What the framework passes a per-step method (a `Trainer.compute_loss`'s
            # model and batch), where the parameter has no annotation of its own.
            bindings.update((name, kind) for name, kind in
                            project.param_kinds(tuple(self.ctx.scope)).items()
                            if bindings.get(name) is UNKNOWN)
            # Every call in the project passes host data (a NumPy array typed `Tensor`).
            bindings.update(project.host_params(tuple(self.ctx.scope)))
        self.ctx.hot = project.hot(tuple(self.ctx.scope)) if project is not None else None
        self.ctx.cold_role = self.ctx.function_cold_role(node)
        env.push(bindings)
        passed = project.passed_params(tuple(self.ctx.scope)) if project is not None \
            else frozenset()
        for param in _all_params(node.params):
            # `device="cpu"`, where no project call passes another device.
            if param.default is not None and is_cpu_device(param.default) and \
                    param.name.value not in passed and "*" not in passed:
                env.bind_cpu_device(param.name.value)
        try:
            self._node(node.body)
        finally:
            env.pop()
            self.ctx.functions.pop()
            self.ctx.scope.pop()
            self.ctx.loops = saved_loops
            self.ctx.hot = saved_hot
            self.ctx.cold_role = saved_role

    def _owner(self) -> cst.CSTNode | None:
        """The class or function the node being visited is defined in (None: the module)."""
        return next((p for p in reversed(self.ctx.parents[:-1])
                     if isinstance(p, (cst.ClassDef, cst.FunctionDef, cst.Lambda))), None)

    def _parameter_kind(self, annotation: cst.BaseExpression) -> Kind:
        """A parameter's kind from its annotation, or an instance of the project class it
        names (`scheduler: Scheduler | None`)."""
        kind = self.ctx.env.annotation_kind(annotation)
        project = self.ctx.project
        if kind is not UNKNOWN or project is None:
            return kind
        if isinstance(annotation, cst.SimpleString):
            text = annotation.evaluated_value
            try:
                parsed = cst.parse_expression(text) if isinstance(text, str) else None
            except cst.ParserSyntaxError:
                parsed = None
            return self._parameter_kind(parsed) if parsed is not None else UNKNOWN
        if isinstance(annotation, cst.BinaryOperation) and \
                isinstance(annotation.operator, cst.BitOr):
            for side, other in ((annotation.left, annotation.right),
                                (annotation.right, annotation.left)):
                if isinstance(other, cst.Name) and other.value == "None":
                    return self._parameter_kind(side)
            return UNKNOWN
        if isinstance(annotation, cst.Subscript) and len(annotation.slice) == 1 and \
                dotted_name(annotation.value) in ("Optional", "typing.Optional") and \
                isinstance(annotation.slice[0].slice, cst.Index):
            return self._parameter_kind(annotation.slice[0].slice.value)
        dotted = dotted_name(annotation)
        key = project.class_key(dotted) if dotted is not None else None
        return Instance(key) if key is not None else UNKNOWN

    def _lambda(self, node: cst.Lambda) -> None:
        self._params_defaults(node.params)
        saved_loops = self.ctx.loops
        saved_hot = self.ctx.hot
        self.ctx.loops = []
        self.ctx.hot = None
        self.ctx.functions.append(node)
        self.ctx.env.push({p.name.value: UNKNOWN for p in _all_params(node.params)})
        try:
            self._node(node.body)
        finally:
            self.ctx.env.pop()
            self.ctx.functions.pop()
            self.ctx.loops = saved_loops
            self.ctx.hot = saved_hot

    def _params_defaults(self, params: cst.Parameters) -> None:
        for param in _all_params(params):
            if param.default is not None:
                self._node(param.default)

    def _class(self, node: cst.ClassDef) -> None:
        self._each(d.decorator for d in node.decorators)
        self._each(node.bases)
        self._each(node.keywords)
        self.ctx.env.push()
        self.ctx.scope.append(node.name.value)
        saved_hot = self.ctx.hot
        self.ctx.hot = None
        try:
            self._node(node.body)
        finally:
            self.ctx.env.pop()
            self.ctx.scope.pop()
            self.ctx.hot = saved_hot

    def _for(self, node: cst.For) -> None:
        env = self.ctx.env
        self._node(node.iter)  # evaluated once, before the loop
        element = env.kind(node.iter)
        env.bind_target(node.target, elem_of(element))
        self.ctx.loops.append(node)
        try:
            self._node(node.target)
            self._loop_body(node.body)
        finally:
            self.ctx.loops.pop()
        if node.orelse is not None:
            self._node(node.orelse)

    def _while(self, node: cst.While) -> None:
        self.ctx.loops.append(node)
        try:
            self._node(node.test)  # evaluated on every iteration
            self._loop_body(node.body)
        finally:
            self.ctx.loops.pop()
        if node.orelse is not None:
            self._node(node.orelse)

    def _loop_body(self, body: cst.BaseSuite) -> None:
        # Names assigned in the body may be read earlier in the next iteration: bind them
        # before visiting, so that `x.item()` sees `x = t.sum()` written below it.
        self._bind_loop_assignments(body)
        self._node(body)

    def _bind_loop_assignments(self, body: cst.BaseSuite) -> None:
        env = self.ctx.env
        for node in _assignments(body):
            if len(node.targets) == 1:
                target = node.targets[0].target
                if isinstance(target, cst.Name) and env.lookup(target.value) is None:
                    env.bind(target.value, env.kind(node.value))

    def _comprehension(self, node: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp) -> None:
        for_in = node.for_in
        self._node(for_in.iter)  # the outermost iterable is evaluated once
        env = self.ctx.env
        env.push()
        self.ctx.loops.append(node)
        try:
            self._comp_for(for_in, outer=True)
            if isinstance(node, cst.DictComp):
                self._node(node.key)
                self._node(node.value)
            else:
                self._node(node.elt)
        finally:
            self.ctx.loops.pop()
            env.pop()

    def _comp_for(self, clause: cst.CompFor, *, outer: bool) -> None:
        env = self.ctx.env
        name = "CompFor"
        for hook in self._visits.get(name, ()):
            hook(clause)
        self.ctx.parents.append(clause)
        try:
            if not outer:
                self._node(clause.iter)
            env.bind_target(clause.target, elem_of(env.kind(clause.iter)))
            self._node(clause.target)
            for condition in clause.ifs:
                self._node(condition)
            if clause.inner_for_in is not None:
                self._comp_for(clause.inner_for_in, outer=False)
        finally:
            self.ctx.parents.pop()
        for hook in self._leaves.get(name, ()):
            hook(clause)

    def _assign(self, node: cst.Assign) -> None:
        self._node(node.value)
        for target in node.targets:
            self._node(target.target)
        env = self.ctx.env
        placeholder = _placeholder(env, node.value)
        if placeholder is not None:
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    placeholder(target.target.value)
                else:
                    env.bind_target(target.target, env.kind(node.value))
            return
        kind = env.kind(node.value)
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                self._prove_tensor(target.target.value, node.value)
            env.bind_target(target.target, kind)
            if isinstance(target.target, (cst.Tuple, cst.List)) and \
                    isinstance(node.value, cst.Tuple) and \
                    len(target.target.elements) == len(node.value.elements):
                # `a, b = [], []`: each name is a placeholder, as after `a = []`.
                for element, part in zip(target.target.elements, node.value.elements):
                    fill = _placeholder(env, part.value)
                    if fill is not None and isinstance(element.value, cst.Name):
                        fill(element.value.value)

    def _expr(self, node: cst.Expr) -> None:
        self._node(node.value)
        call = node.value
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
                call.func.attr.value == "append" and isinstance(call.func.value, cst.Name) \
                and len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star:
            self.ctx.env.append(call.func.value.value, self.ctx.env.kind(call.args[0].value))

    def _ann_assign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._node(node.value)
        self._node(node.target)
        env = self.ctx.env
        kind = env.annotation_kind(node.annotation.annotation)
        if node.value is not None:
            value = env.kind(node.value)
            # `sizes: torch.Tensor = torch.Tensor(shapes)`: the annotation says what the
            # value is, the code where it lives.
            if kind is UNKNOWN or (value is HOST_TENSOR and kind in TENSORS):
                kind = value
        env.bind_target(node.target, kind)

    def _aug_assign(self, node: cst.AugAssign) -> None:
        self._node(node.value)
        self._node(node.target)
        env = self.ctx.env
        if isinstance(node.target, cst.Name):
            before = env.kind(node.target)
            after = env.kind(node.value)
            if before is UNKNOWN and is_device_tensor(after):
                env.prove_tensor(node.target.value)  # `x &= mask`
            env.bind(node.target.value, combine(before, after, node.operator))

    def _prove_tensor(self, name: str, value: cst.BaseExpression) -> None:
        """`name = <a tensor op on name>` where `name` is unknown: its old value is a tensor
        (see `Env.merge_paths`)."""
        env = self.ctx.env
        if env.in_branch and env.lookup(name) is UNKNOWN and \
                uses_as_tensor(value, name, env.kind, self.ctx.imports.qualify):
            env.prove_tensor(name)

    # -- narrowing: `isinstance(x, torch.Tensor)` holds in one branch, fails in the other --
    def _if(self, node: cst.If | cst.IfExp) -> None:
        self._node(node.test)
        env = self.ctx.env
        true, false = narrowings(node.test, self.ctx.imports, env.kind)
        if isinstance(node, cst.IfExp):
            with env.narrowed(true):
                self._node(node.body)
            with env.narrowed(false):
                self._node(node.orelse)
            return
        # After the statement a name holds what either branch left (flow-sensitive): a
        # tensor on one branch and an int on the other is only maybe a tensor.
        # A path's state is taken inside its narrowing: what the test proved about a name
        # the branch did not rebind still holds at the end of that branch.
        before = env.snapshot()
        with env.narrowed(true):
            env.open_branch()
            self._node(node.body)
            body = env.close_branch()
            after_body = None if ends_abruptly(node.body) else env.snapshot()
        env.restore(before)
        after_else: tuple[dict[str, Kind], frozenset[str]] | None
        with env.narrowed(false):
            env.open_branch()
            if node.orelse is not None:
                self._node(node.orelse)
            orelse = env.close_branch()
            after_else = None if node.orelse is not None and ends_abruptly(node.orelse) \
                else env.snapshot()
        env.restore(before)
        if after_body is None and after_else is None:
            return  # nothing after the statement runs; keep the last branch's bindings
        env.merge_paths(after_body, after_else, (body, orelse))

    def _boolean(self, node: cst.BooleanOperation) -> None:
        self._node(node.left)
        env = self.ctx.env
        true, false = narrowings(node.left, self.ctx.imports, env.kind)
        # `isinstance(v, Tensor) and v.item()`: the right operand runs only if the left held.
        with env.narrowed(true if isinstance(node.operator, cst.And) else false):
            self._node(node.right)

    def _with_item(self, node: cst.WithItem) -> None:
        self._node(node.item)
        if node.asname is not None:
            self.ctx.env.bind_target(node.asname.name, UNKNOWN)


_ABRUPT = (cst.Return, cst.Raise, cst.Continue, cst.Break)


def ends_abruptly(node: cst.CSTNode) -> bool:
    """A block whose last statement never falls through (return, raise, continue, break,
    or an `if` all of whose branches do): its bindings never reach the code after it."""
    if isinstance(node, cst.Else):
        return ends_abruptly(node.body)
    if isinstance(node, cst.If):
        return node.orelse is not None and ends_abruptly(node.body) and ends_abruptly(node.orelse)
    if isinstance(node, (cst.IndentedBlock, cst.SimpleStatementSuite)):
        return bool(node.body) and ends_abruptly(node.body[-1])
    if isinstance(node, cst.SimpleStatementLine):
        return bool(node.body) and isinstance(node.body[-1], _ABRUPT)
    return isinstance(node, _ABRUPT)


def _placeholder(env: Env, value: cst.BaseExpression) -> Callable[[str], None] | None:
    """How to bind a name assigned `value` when it is a placeholder a branch or appends
    fill (`None`, `[]`), else None."""
    if isinstance(value, cst.Name) and value.value == "None":
        return env.bind_none
    if isinstance(value, cst.List) and not value.elements:
        return env.bind_empty_list
    return None


def _all_params(params: cst.Parameters) -> list[cst.Param]:
    result = list(params.posonly_params) + list(params.params) + list(params.kwonly_params)
    if isinstance(params.star_arg, cst.Param):
        result.append(params.star_arg)
    if params.star_kwarg is not None:
        result.append(params.star_kwarg)
    return result


_SPECIAL: dict[str, Callable[[Walker, Any], None]] = {
    "Import": Walker._import,
    "ImportFrom": Walker._import_from,
    "FunctionDef": Walker._function,
    "Lambda": Walker._lambda,
    "ClassDef": Walker._class,
    "For": Walker._for,
    "While": Walker._while,
    "ListComp": Walker._comprehension,
    "SetComp": Walker._comprehension,
    "GeneratorExp": Walker._comprehension,
    "DictComp": Walker._comprehension,
    "Assign": Walker._assign,
    "AnnAssign": Walker._ann_assign,
    "Expr": Walker._expr,
    "AugAssign": Walker._aug_assign,
    "WithItem": Walker._with_item,
    "If": Walker._if,
    "IfExp": Walker._if,
    "BooleanOperation": Walker._boolean,
}
