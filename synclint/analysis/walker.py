"""One traversal per file: keeps scopes, loops and ancestors current and calls the rules.

LibCST's own `visit` rebuilds every node it passes through; this walker only reads the
dataclass fields that hold child nodes, and skips whitespace, so a full traversal costs
a fraction of the parse (DESIGN.md section 7). What a value is (a tensor, where it
lives) is the model's: `Context.kind` reads the facts the model computed for the same
file (`model/facts.py`), by source span; the walker infers nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import libcst as cst

from synclint import knowledge
from synclint.analysis.bindings import bound_names
from synclint.analysis.cold import ROLE, Cold, cold_reason, flag_assignments, leaves, test_names
from synclint.analysis.kinds import (
    HOST,
    UNKNOWN,
    Instance,
    Kind,
    join,
)
from synclint.analysis.loops import run_per_element
from synclint.analysis.module_input import from_input
from synclint.analysis.names import Imports, dotted_name
from synclint.analysis.once import once_reason
from synclint.analysis.opt_in import Defaults, opt_in, site_tests
from synclint.analysis.opt_in_callers import called_opt_in
from synclint.analysis.roles import (
    class_role,
    function_role,
    module_function_role,
    module_name,
    module_role,
)
from synclint.analysis.tree import child_fields, iter_children, walk
from synclint.knowledge import numba
from synclint.model.dispatch import declared_only
from synclint.model.settings import describe, main_path_else
from synclint.model.summaries import Guard
from synclint.style import CodeStyle, style_for

if TYPE_CHECKING:
    from synclint.analysis.compiled import Region
    from synclint.model.facts import Facts
    from synclint.model.spans import Span
    from synclint.model.summaries import FileView, Hot, Summary

__all__ = ["Context", "Walker", "child_fields", "iter_children", "walk"]

Hook = Callable[[Any], None]


class Context:
    """What rules may ask about the current point of the traversal."""

    def __init__(self, source: str, project: FileView | None = None,
                 filename: str = "") -> None:
        self.source = source
        self.filename = filename
        self.imports = Imports()
        self.imports.is_shadowed = self._shadowed
        #: The whole-program index as this file sees it (None: one file on its own).
        self.project = project
        #: What the model knows of this file's expressions (`model/facts.py`), and the
        #: module whose nodes' spans look them up (set before the traversal).
        self.facts: Facts | None = None
        self.module: cst.Module | None = None
        self._spans: dict[int, Span] | None = None
        self._bound: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
        #: Nodes a fix rebuilt (aliases substituted), mapped to the file's own nodes they
        #: stand for: what the facts know of those answers for them.
        self.originals: dict[int, tuple[cst.CSTNode, cst.CSTNode]] = {}
        #: Names of the enclosing classes and functions, outermost first ("Model", "forward").
        self.scope: list[str] = []
        #: Why the current function runs once per step (None when it does not).
        self.hot: Hot | None = None
        #: Why the current code is cold by its role (setup, save, load, export, a logger
        #: backend, test code: `roles.py`), or None. Sync rules report nothing there.
        self.cold_role: str | None = None
        #: Report opt-in code (`--opt-in`): code that runs only when an option is on that
        #: is off by default (`analysis/opt_in.py`); else such findings are dropped.
        self.report_opt_in = False
        #: Report once code (`--once`): a file writer or reader, a command-line command,
        #: which runs once per file or per command (`analysis/once.py`); else such
        #: findings are dropped.
        self.report_once = False
        self._callees: dict[tuple[int, int], Summary | None] = {}
        self._invocations: dict[int, cst.Call] = {}
        #: Enclosing loops of the current function (For, While, comprehension or call node).
        self.loops: list[cst.CSTNode] = []
        #: Ancestors of the node being visited, outermost first.
        self.parents: list[cst.CSTNode] = []
        #: The node whose visit (or leave) hooks run now: `parents` holds its ancestors.
        self.current: cst.CSTNode | None = None
        self.functions: list[cst.FunctionDef | cst.Lambda] = []
        #: Names the source mentions: a cheap test for imports we never saw.
        self.mentions_torch = "torch" in source
        self._flags: dict[int, dict[str, cst.BaseExpression]] = {}
        self._style: CodeStyle | None = None

    @property
    def style(self) -> CodeStyle:
        """The project's code style, which generated code follows: looked up (a
        pyproject.toml, or the file's own long lines) only when a fix is written."""
        if self._style is None:
            self._style = style_for(self.filename, self.source)
        return self._style

    @property
    def in_loop(self) -> bool:
        return bool(self.loops)

    @property
    def parent(self) -> cst.CSTNode | None:
        return self.parents[-1] if self.parents else None

    def kind(self, node: cst.BaseExpression) -> Kind:
        """What the model knows the value of `node` (an expression of this file) is."""
        if self._spans is None:
            from synclint.analysis.cst_spans import libcst_spans

            self._spans = libcst_spans(self.module) if self.module is not None else {}
        span = self._spans.get(id(node))
        copied = self.originals.get(id(node)) if span is None else None
        while copied is not None and span is None:
            span = self._spans.get(id(copied[1]))
            copied = self.originals.get(id(copied[1])) if copied[1] is not node else None
        found = self.facts.kind(span) if self.facts is not None and span is not None else None
        if found is None:
            found = self._composed(node)
        return found

    def _composed(self, node: cst.BaseExpression) -> Kind:
        """A node the model's syntax tree has no node for: `a and b` inside `a and b and
        c` (one node there), a literal LibCST splits (`"a" "b"`)."""
        if isinstance(node, cst.BooleanOperation):
            return join(self.kind(node.left), self.kind(node.right))
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float,
                             cst.Imaginary, cst.FormattedString)):
            return HOST
        if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
            return HOST
        return UNKNOWN

    def bound(self, name: str) -> bool:
        """Whether the code around the node being visited binds `name` (so it is not the
        builtin of that name): the enclosing functions' names and the module's."""
        scopes: list[cst.CSTNode] = list(self.functions)
        if self.module is not None:
            scopes.append(self.module)
        return any(name in code or name in imported
                   for code, imported in map(self._names, scopes))

    def _shadowed(self, name: str) -> bool:
        """A name the code of the enclosing functions binds (a parameter `cat` hides
        `from torch import cat`; an import is what qualifies names, not what hides them)."""
        return any(name in self._names(scope)[0] for scope in self.functions)

    def _names(self, scope: cst.CSTNode) -> tuple[frozenset[str], frozenset[str]]:
        found = self._bound.get(id(scope))
        if found is None:
            found = self._bound[id(scope)] = bound_names(scope)
        return found

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
        return module_name(self.project.module if self.project is not None else "__main__",
                           self.filename)

    def module_input(self) -> str | None:
        """The first parameter, unannotated, of the `forward` being visited when its class
        is an `nn.Module` (as the model found it): the batch the module is called with,
        a maybe-tensor however it is read (`x.tolist()`)."""
        if self.project is None or not self.functions or len(self.scope) < 2:
            return None
        function = self.functions[-1]
        if not isinstance(function, cst.FunctionDef) or function.name.value != "forward":
            return None
        params = function.params.params
        if len(params) < 2 or params[1].annotation is not None:
            return None
        cls = self.project.classes.get(f"{self.project.module}:{'.'.join(self.scope[:-1])}")
        return params[1].name.value if cls is not None and cls.module else None

    def reads_module_input(self, node: cst.BaseExpression, indexed: bool = False) -> bool:
        """Whether `node` is computed from the input of the module `forward` being
        visited (`module_input`), directly or through locals assigned before; `indexed`:
        an item of it picked by subscripts alone (`inputs["idx_m"][-1]`)."""
        name = self.module_input()
        function = self.functions[-1] if self.functions else None
        return name is not None and isinstance(function, cst.FunctionDef) and \
            from_input(node, name, function, self.parents, indexed)

    def module_cold_role(self) -> str | None:
        """Why the whole file is cold (test code, a conversion script), or None."""
        return module_role(self.module_name(), self.imports.modules)

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
        """The summary of the project function `node` calls, or None (through an
        invoker, the function it is given: `call_of`)."""
        if self.project is None:
            return None
        key = (id(node), len(self.scope))
        if key in self._callees:
            return self._callees[key]
        invoked = self._invoked(node)
        found = self._callee(invoked) if invoked is not None else None
        if invoked is not None and found is not None:
            self._invocations[id(node)] = invoked
        else:
            found = self._callee(node)
        self._callees[key] = found
        return found

    def call_of(self, node: cst.Call) -> cst.Call:
        """The call whose arguments fill the parameters of `callee(node)`: `node`, or for
        an invoker's call (`checkpoint(self._run, x)`) the call of the project function it
        is given (`self._run(x)`)."""
        self.callee(node)
        return self._invocations.get(id(node), node)

    def _invoked(self, node: cst.Call) -> cst.Call | None:
        """`checkpoint(self._run, x)` -> `self._run(x)` (`knowledge.Invoker`), or None."""
        func = node.func
        name = func.attr.value if isinstance(func, cst.Attribute) else (
            func.value if isinstance(func, cst.Name) else "")
        if name not in knowledge.INVOKERS:
            return None
        found = knowledge.invoker(name, self.imports.qualify(func))
        positional = [arg for arg in node.args if arg.keyword is None and not arg.star]
        if found is None or len(positional) <= found.position or \
                positional[found.position] is not node.args[found.position]:
            return None  # no callable there, or a `*args` before it
        rest = list(node.args[found.position + 1:])
        if not found.passes_keywords:
            rest = [arg for arg in rest if arg.keyword is None and arg.star != "**"]
        return cst.Call(func=node.args[found.position].value, args=rest)

    def _callee(self, node: cst.Call) -> Summary | None:
        assert self.project is not None
        dotted = dotted_name(node.func)
        if dotted is None:
            return None
        head, _, method = dotted.partition(".")
        if method and ("." not in method or head not in ("self", "cls")):
            # `scheduler.step(...)`, `state.meter.update(...)`: a method of the project
            # class the model found the receiver an instance of.
            base = node.func.value if isinstance(node.func, cst.Attribute) else None
            kind = self.kind(base) if base is not None else UNKNOWN
            if isinstance(kind, Instance):
                # `scheduler.step(...)` of a parameter annotated with a project class.
                key = self.project.method(kind.cls, method.rpartition(".")[2])
                return self.project.summaries.get(key) if key is not None else None
        if not method and self._local(head) and \
                f"{self.project.module}:{dotted}" not in self.project.summaries:
            # A local variable, not a function: an object of a project class that
            # defines `__call__` runs it (a module's `forward` reports its own reads).
            kind = self.kind(node.func)
            cls = self.project.classes.get(kind.cls) if isinstance(kind, Instance) else None
            key = self.project.method(kind.cls, "__call__") \
                if cls is not None and isinstance(kind, Instance) else None
            return self.project.summaries.get(key) if key is not None else None
        found = self.project.resolve(dotted, tuple(self.scope))
        if found is None and isinstance(node.func, cst.Attribute) and head in ("self", "cls"):
            # `self._embedding(batch)`: the object it holds runs its `__call__`.
            key = self._held_call(node.func)
            return self.project.summaries.get(key) if key is not None else None
        if found is None or head not in ("self", "cls") or "." in method:
            return found
        caller = f"{self.project.module}:{'.'.join(self.scope)}"
        own = self.project.summaries.get(caller)  # a per-step role's: template methods
        return declared_only(self.project, found,
                             caller if own is not None and own.hot is None else None)

    def _held_call(self, node: cst.Attribute) -> str | None:
        """The `__call__` of the project class whose object the attribute `node` holds,
        as the model found it (`Calls._project_callee`), or None."""
        assert self.project is not None
        held = self.kind(node)
        if isinstance(held, Instance) and held.cls in self.project.classes:
            return self.project.method(held.cls, "__call__")
        return None

    def getter(self, node: cst.Attribute) -> Summary | None:
        """The summary of the property getter that reading `node` runs at every read,
        as the model found it (`model/properties.py`), or None."""
        if self.project is None or node.attr.value not in self.project.property_names:
            return None
        self.kind(node)  # evaluates the scope, and maps the spans
        span = self._spans.get(id(node)) if self._spans is not None else None
        key = self.facts.getter(span) if self.facts is not None and span is not None else None
        return self.project.summaries.get(key) if key is not None else None

    def _local(self, name: str) -> bool:
        """Bound by the enclosing functions other than by a `def` of theirs."""
        for scope in self.functions:
            if name in self._names(scope)[0]:
                return not any(isinstance(n, cst.FunctionDef) and n.name.value == name
                               for n in walk(scope))
        return False

    def hot_here(self) -> Hot | None:
        """Why the node being visited runs once per step: in a per-step function, outside
        loops (a loop says so itself) and outside `if` bodies (a guarded read, such as
        periodic logging, is not per step)."""
        hot = self.hot
        if hot is None or self.loops:
            return None
        parents = self.parents
        start = len(parents) - 1
        while start >= 0 and not _runs_when_called(parents, start):
            start -= 1
        settings: list[tuple[str, bool]] = []
        tests: list[tuple[cst.BaseExpression, bool]] = []
        guard: cst.If | None = None
        for index in range(start + 1, len(parents) - 1):
            parent, child = parents[index], parents[index + 1]
            if isinstance(parent, cst.If):
                if child is parent.test:
                    continue
                # A branch of a test of settings alone runs on every step they hold.
                if not self.is_setting(parent.test):
                    if child is not parent.body and main_path_else(
                            leaves(parent.body), test_names(parent.test)):
                        continue  # `if c: return ... else: <the main path>`
                    if in_every_branch(parent, self.current):
                        continue  # one of the branches runs, and each does the same
                    return None
                # An `elif` says its own test, unless the read is in that test.
                if not isinstance(child, cst.If) or index + 2 >= len(parents) or \
                        parents[index + 2] is child.test:
                    settings.append((_code(parent.test), child is parent.body))
                tests.append((parent.test, child is parent.body))
                guard = parent
                continue
            if isinstance(parent, cst.Else) and isinstance(parents[index - 1], cst.If):
                continue  # the `else` of an `if` judged just above
            if isinstance(parent, (cst.Try, cst.TryStar)) and not isinstance(
                    child, (cst.ExceptHandler, cst.ExceptStarHandler)):
                continue  # its body, `else` and `finally` run; a handler is a rare path
            if isinstance(parent, cst.Else) and isinstance(parents[index - 1],
                                                           (cst.Try, cst.TryStar)):
                continue  # a `try`'s `else`: runs whenever the body did not raise
            if isinstance(parent, (cst.Try, cst.TryStar, cst.ExceptHandler,
                                   cst.ExceptStarHandler, cst.Else, cst.Raise, cst.Assert)):
                return None
        if guard is None:
            return hot
        function = parents[start] if start >= 0 else None
        site = self._guard_site(guard, settings, _parameter_names(function))
        cls = parents[start - 2] if start >= 2 else None  # ClassDef > IndentedBlock > def
        site = replace(site, opt_in=opt_in(tests, Defaults(
            cls if isinstance(cls, cst.ClassDef) else None,
            function if isinstance(function, cst.FunctionDef) else None,
            self.project, self.module, entry=not hot.called)))
        return replace(hot, guard=site)

    def opt_in(self, node: cst.CSTNode) -> str | None:
        """The option that turns on the code `node` (a child of the current ancestors) is
        in, where its default turns it off (`analysis/opt_in.py`), or None."""
        tests, function, cls = site_tests(node, self.parents)
        found = opt_in(tests, Defaults(cls, function, self.project, self.module,
                                       entry=self.hot is not None and not self.hot.called)) \
            if tests else None
        if found is None and function is not None and self.module is not None:
            # a private helper every call of which runs only with the option
            found = called_opt_in(function, cls, self.module, self.project, self.source,
                                  self.facts.tree if self.facts is not None else None)
        return found

    def once(self) -> str | None:
        """Why the current function runs once per file or per command (`analysis/once.py`:
        "in code run once per file (`write_xyz` opens it)"), or None; per-step code and
        code that trains, itself or through a callee, never does."""
        if self.hot is not None:
            return None
        if self.project is not None and self.scope:
            summary = self.project.summaries.get(f"{self.project.module}:{'.'.join(self.scope)}")
            if summary is not None and summary.trains:
                return None  # it trains, through a callee too (`Summary.trains`)
        return once_reason(self.parents)

    def is_setting(self, node: cst.BaseExpression) -> bool:
        """Whether the model found `node`, an `if` test or an argument a callee tests,
        to read settings alone (`model/settings.py`)."""
        self.kind(node)  # evaluates the scope, and maps the spans
        span = self._spans.get(id(node)) if self._spans is not None else None
        return span is not None and self.facts is not None and self.facts.setting(span)

    def _guard_site(self, node: cst.If, settings: list[tuple[str, bool]],
                    parameters: set[str]) -> Guard:
        assert self._spans is not None
        line, column = self._spans[id(node.test)][:2]
        said = describe(settings, parameters)
        return Guard(self.filename, line, column + 1, said.named, said.quoted, said.about)


def _runs_when_called(parents: list[cst.CSTNode], index: int) -> bool:
    """Whether `parents[index]` is a function or a lambda that runs when called (not one
    `map` or a `key=` runs here, per element)."""
    node = parents[index]
    return isinstance(node, cst.FunctionDef) or isinstance(node, cst.Lambda) and \
        not run_per_element(node, parents[:index + 1])


def in_every_branch(statement: cst.If, node: cst.CSTNode | None) -> bool:
    """Whether every branch of `statement` (its body, each `elif`'s and an `else`, which
    it must have) holds an expression written as `node` is: `int(negative.sum())` in
    both branches of a test on data runs whenever the `if` runs (fresh16 M5)."""
    if not isinstance(node, cst.BaseExpression) or isinstance(node, (cst.Name, cst.BaseNumber,
                                                                    cst.BaseString)):
        return False
    code = _code(node)
    branch: cst.If | cst.Else | None = statement
    while isinstance(branch, cst.If):
        if not _holds(branch.body, type(node), code):
            return False
        branch = branch.orelse
    return branch is not None and _holds(branch.body, type(node), code)


def _holds(block: cst.BaseSuite, kind: type[cst.CSTNode], code: str) -> bool:
    return any(isinstance(found, kind) and _code(found) == code for found in walk(block))


def _parameter_names(function: cst.CSTNode | None) -> set[str]:
    """The names of a function's parameters, `self` and `cls` aside (a guard on them is
    about how the caller calls it)."""
    if not isinstance(function, (cst.FunctionDef, cst.Lambda)):
        return set()
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params,
             params.star_arg, params.star_kwarg]
    return {p.name.value for p in every if isinstance(p, cst.Param)} - {"self", "cls"}


class Walker:
    """Drives the traversal: scopes, loops and roles first, then every rule interested
    in the node."""

    def __init__(self, context: Context, visits: dict[str, list[Hook]],
                 leaves: dict[str, list[Hook]]) -> None:
        self.ctx = context
        self._visits = visits
        self._leaves = leaves

    def run(self, module: cst.Module) -> None:
        self.ctx.module = module
        for statement in module.body:  # module-level imports, wherever they stand
            if isinstance(statement, cst.SimpleStatementLine):
                for small in statement.body:
                    if isinstance(small, cst.Import):
                        self.ctx.imports.add_import(small)
                    elif isinstance(small, cst.ImportFrom):
                        self.ctx.imports.add_import_from(small)
        self.ctx.cold_role = self.ctx.module_cold_role()
        self._node(module)

    # -- traversal ------------------------------------------------------------------------
    def _node(self, node: cst.CSTNode) -> None:
        name = type(node).__name__
        hooks = self._visits.get(name)
        if hooks:
            self.ctx.current = node
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
            self.ctx.current = node
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
        self._each(d.decorator for d in node.decorators)
        self._params_defaults(node.params)
        if any(numba.compiles(self.ctx.imports.qualify(
                d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator))
                for d in node.decorators):
            return  # numba compiles the body: nothing there reads on the host
        saved_loops = self.ctx.loops
        saved_hot = self.ctx.hot
        saved_role = self.ctx.cold_role
        self.ctx.loops = []  # a function body runs per call, not per iteration of an outer loop
        self.ctx.functions.append(node)
        self.ctx.scope.append(node.name.value)
        project = self.ctx.project
        self.ctx.hot = project.hot(tuple(self.ctx.scope)) if project is not None else None
        self.ctx.cold_role = self.ctx.function_cold_role(node)
        try:
            self._node(node.body)
        finally:
            self.ctx.functions.pop()
            self.ctx.scope.pop()
            self.ctx.loops = saved_loops
            self.ctx.hot = saved_hot
            self.ctx.cold_role = saved_role

    def _lambda(self, node: cst.Lambda) -> None:
        self._params_defaults(node.params)
        saved_loops = self.ctx.loops
        saved_hot = self.ctx.hot
        if not run_per_element(node, self.ctx.parents):
            self.ctx.loops = []  # a lambda runs when called, not here
            self.ctx.hot = None
        self.ctx.functions.append(node)
        try:
            self._node(node.body)
        finally:
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
        self.ctx.scope.append(node.name.value)
        saved_hot = self.ctx.hot
        self.ctx.hot = None
        try:
            self._node(node.body)
        finally:
            self.ctx.scope.pop()
            self.ctx.hot = saved_hot

    def _for(self, node: cst.For) -> None:
        self._node(node.iter)  # evaluated once, before the loop
        self.ctx.loops.append(node)
        try:
            self._node(node.target)
            self._node(node.body)
        finally:
            self.ctx.loops.pop()
        if node.orelse is not None:
            self._node(node.orelse)

    def _while(self, node: cst.While) -> None:
        self.ctx.loops.append(node)
        try:
            self._node(node.test)  # evaluated on every iteration
            self._node(node.body)
        finally:
            self.ctx.loops.pop()
        if node.orelse is not None:
            self._node(node.orelse)

    def _comprehension(self, node: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp) -> None:
        for_in = node.for_in
        self._node(for_in.iter)  # the outermost iterable is evaluated once
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

    # Assignments are visited value first, then targets (without the AssignTarget
    # wrapper: a target's parent is its statement); annotations are not code rules read.
    def _assign(self, node: cst.Assign) -> None:
        self._node(node.value)
        for target in node.targets:
            self._node(target.target)

    def _ann_assign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._node(node.value)
        self._node(node.target)

    def _aug_assign(self, node: cst.AugAssign) -> None:
        self._node(node.value)
        self._node(node.target)

    def _with_item(self, node: cst.WithItem) -> None:
        self._node(node.item)

    def _comp_for(self, clause: cst.CompFor, *, outer: bool) -> None:
        name = "CompFor"
        for hook in self._visits.get(name, ()):
            hook(clause)
        self.ctx.parents.append(clause)
        try:
            if not outer:
                self._node(clause.iter)
            self._node(clause.target)
            for condition in clause.ifs:
                self._node(condition)
            if clause.inner_for_in is not None:
                self._comp_for(clause.inner_for_in, outer=False)
        finally:
            self.ctx.parents.pop()
        for hook in self._leaves.get(name, ()):
            hook(clause)


def _code(node: cst.CSTNode) -> str:
    """`node`'s source text, on one line."""
    return " ".join(cst.Module([]).code_for_node(node).split())


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
    "AugAssign": Walker._aug_assign,
    "WithItem": Walker._with_item,
}
