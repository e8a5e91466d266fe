"""What the model knows about the expressions of one file, by source span: the kind of
every expression (tensor, where it lives, container of what, host value), as the
model's one evaluation computes it (DESIGN.md section 10).

The whole-program index solves every function's summary; a file's view carries the
final summaries and classes its code reads and how its dotted names resolve. From the
view alone, a worker evaluates the file's code once more, recording each expression's
kind: the same evaluation with the same inputs as the index's last one, so the facts
rules read and the summaries other files read cannot disagree.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from synclint.analysis.kinds import UNKNOWN, Kind
from synclint.model.evaluation import Evaluation, module_globals
from synclint.model.flow import facts_devices_differ
from synclint.model.index import (
    _Class,
    _Function,
    _Module,
    module_imports,
    parse_module,
    pseudo_function,
)
from synclint.model.kindops import holds_tensors
from synclint.model.properties import property_names
from synclint.model.spans import Lines, Span, ast_spans
from synclint.model.syntax import enclosing_function, statements

if TYPE_CHECKING:
    from synclint.model.project import Project
    from synclint.model.summaries import ClassView, FileView, Summary

#: The name of the pseudo-function that holds a module's own statements.
MODULE_CODE = "<module>"


class Facts:
    """The kind of each expression of one file, by span (`spans.py`). A function's code
    is evaluated the first time a rule asks about an expression in it (an enclosing
    function first: a closure sees its names), so code no rule looks at costs nothing."""

    def __init__(self, model: ViewModel, module: _Module, scopes: list[_Scope],
                 lines: Lines) -> None:
        self.kinds: dict[Span, Kind] = {}
        #: The spans of the `if` tests that read only settings (`settings.py`), and of
        #: the arguments a callee tests that are settings.
        self.settings: set[Span] = set()
        #: The reads of properties whose getters run at every read: the getters' keys.
        self.getters: dict[Span, str] = {}
        self._model = model
        self._module = module
        self._scopes = scopes
        #: The file's lines (`spans.Lines`), which the gate reads too.
        self.lines = lines
        self._done: set[str] = set()
        self._globals = False
        #: The model's kinds of this file's nodes, by function (`Project.
        #: expression_kinds`), where this file's tree is the model's own; else None.
        self._kinds: Mapping[str, Mapping[int, tuple[Kind, int | None]]] | None = None
        #: By line, the innermost scope holding it, and by scope, the next one out
        #: (indices into `_scopes`, -1 for none): `_around`, made at its first call.
        self._innermost: list[int] | None = None
        self._outer: list[int] = []
        self._headers: dict[str, int] = {}

    @property
    def tree(self) -> ast.Module:
        """The file's `ast` tree."""
        assert self._module.tree is not None
        return self._module.tree

    @property
    def imports(self) -> dict[str, str]:
        """The file's imports: local name -> absolute dotted target."""
        return self._module.imports

    def kind(self, span: Span) -> Kind | None:
        found = self.kinds.get(span)
        if found is not None:
            return found
        for scope in self._around(span[0]):
            if scope.function.key in self._done:
                continue
            self._evaluate(scope)
            found = self.kinds.get(span)
            if found is not None:
                return found
        return None

    def kind_for_gate(self, node: ast.expr) -> Kind | None:
        """The kind of `node` as the gate asks it (`candidates.py`), without evaluating
        where the model already did, as this file's evaluation would:
        - UNKNOWN in a function the model evaluated without a tensor (`FileView.
          tensor_free`): every kind the gate tells apart from UNKNOWN is a tensor's or
          a container's of tensors;
        - in a lint worker forked from the process that built the model, on the model's
          own syntax tree (`share_trees`), what the model's last evaluation of the
          function gave this very node (`Project.expression_kinds`).
        The kinds rules read are never these."""
        spans = list(ast_spans(node, self.lines))
        for span in spans:
            found = self.kinds.get(span)
            if found is not None:
                return found
        scopes = self._around(spans[0][0])
        host = self._host_params(scopes[0], spans[0][0]) if scopes else None
        if host is not None:
            function = scopes[0].function
            key = function.key
            if key in self._model.view.tensor_free and \
                    not any(holds_tensors(kind) for kind in host.values()):
                return UNKNOWN
            last = self._kinds.get(key) if self._kinds is not None else None
            if last is not None and not host and not facts_devices_differ(
                    function, self._model.summaries.get(key)):
                value = last.get(id(node))
                return value[0] if value is not None else None
        for span in spans:
            found = self.kind(span)
            if found is not None:
                return found
        return None

    def _host_params(self, scope: _Scope, line: int) -> dict[str, Kind] | None:
        """Where the model's last evaluation of `scope`'s function stands for this
        file's evaluation of its code at `line` (not yet made here, and not its header:
        defaults and decorators are the enclosing scope's code), the host kinds this
        file's evaluation gives its parameters after the fixed point (`Summary.
        host_params`, which the model's evaluation did not have); else None."""
        function = scope.function
        if function.key in self._done:
            return None
        end = self._headers.get(function.key)
        if end is None:
            end = self._headers[function.key] = _header_end(function.node)
        if line <= end:
            return None
        summary = self._model.summaries.get(function.key)
        return dict(summary.host_params) if summary is not None else {}

    def setting(self, span: Span) -> bool:
        """Whether the `if` test (or the argument a callee tests) at `span` reads
        settings alone."""
        return self.kind(span) is not None and span in self.settings

    def getter(self, span: Span) -> str | None:
        """The key of the property getter the read at `span` runs, where it runs at every
        read (`properties.py`), or None."""
        return self.getters.get(span) if self.kind(span) is not None else None

    def evaluate_all(self) -> None:
        for scope in self._scopes:
            self._evaluate(scope)

    def _around(self, line: int) -> list[_Scope]:
        """The scopes whose code may hold `line`, innermost first."""
        if self._innermost is None:
            self._innermost, self._outer = _nesting(self._scopes)
        scopes = self._scopes
        innermost = self._innermost
        index = innermost[line] if 0 <= line < len(innermost) else -1
        found = []
        while index >= 0:
            found.append(scopes[index])
            index = self._outer[index]
        return found

    def _evaluate(self, scope: _Scope) -> None:
        key = scope.function.key
        if key in self._done:
            return
        self._done.add(key)
        if scope.parent is not None:
            self._evaluate(scope.parent)  # its closure first
        if not self._globals:
            self._globals = True
            self._module.globals = module_globals(self._model, self._module)
        evaluation = Evaluation(self._model, scope.function, (self.kinds, self.lines))
        evaluation.setting_tests = self.settings
        evaluation.getter_reads = self.getters
        evaluation.run()
        self._model.closures.update(evaluation.closures_made)


def _header_end(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The last line of a function's header: its decorators, parameters' annotations
    and defaults and return annotation (code of the enclosing scope)."""
    args = node.args
    parts = (*node.decorator_list, node.returns, *args.defaults, *args.kw_defaults,
             *(a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs,
                                      args.vararg, args.kwarg) if a is not None))
    return max((node.lineno, *(part.end_lineno or part.lineno
                               for part in parts if part is not None)))


def _nesting(scopes: list[_Scope]) -> tuple[list[int], list[int]]:
    """By line, the index of the innermost scope holding it, and by scope, the index of
    the innermost other scope holding it (-1: none). Scopes nest (each is the lines of one
    body); one that holds the same lines as another is the inner one where it comes
    first in `scopes`."""
    order = sorted(range(len(scopes)), key=lambda i: (scopes[i].last - scopes[i].first,
                                                      -scopes[i].first))
    innermost = [-1] * (max((s.last for s in scopes), default=0) + 1)
    outer = [-1] * len(scopes)
    for index in reversed(order):  # outermost first: inner ones paint over them
        scope = scopes[index]
        outer[index] = innermost[scope.first]
        innermost[scope.first:scope.last + 1] = [index] * (scope.last - scope.first + 1)
    return innermost, outer


@dataclass(frozen=True)
class _Scope:
    """Code evaluated as one: a function's body, a class body, the module's statements;
    the lines it holds, and the scope whose names it sees (a closure's function)."""

    function: _Function
    first: int
    last: int
    parent: _Scope | None = None


class ViewModel:
    """The model as one file's view gives it: what the evaluation of that file reads."""

    def __init__(self, view: FileView, functions: Mapping[str, _Function],
                 classes: Mapping[str, _Class]) -> None:
        self.view = view
        self.summaries: Mapping[str, Summary] = view.summaries
        self.functions = {*functions, *view.summaries}
        merged: dict[str, ClassView | _Class] = dict(classes)
        merged.update(view.classes)
        self.classes = merged
        #: The names each nested function sees from its enclosing one (`flow.py`).
        self.closures: dict[str, dict[str, Kind]] = {}
        self.property_names = property_names(merged)

    def _mro(self, key: str) -> Iterator[ClassView | _Class]:
        seen: set[str] = set()
        stack = [key]
        while stack:
            current = stack.pop(0)
            if current in seen or current not in self.classes:
                continue
            seen.add(current)
            cls = self.classes[current]
            yield cls
            stack.extend(cls.bases)

    def _name_key(self, module: _Module, dotted: str) -> str | None:
        return self.view.resolved.get(dotted)

    def type_alias(self, module: _Module, dotted: str) -> str | None:
        return self.view.aliases.get(dotted)


#: In a lint worker forked from the process that built the model (`synclint.forked`):
#: the model's syntax trees, by file name, with the SHA-256 of the text each was parsed
#: from. The worker inherits them, so a file the model parsed is not parsed again.
_shared_trees: Mapping[str, tuple[str, ast.Module]] | None = None
#: With them, what the model's last evaluation of each function gave each node of those
#: trees, by `id` (`Project.expression_kinds`).
_shared_kinds: Mapping[str, Mapping[int, tuple[Kind, int | None]]] | None = None
#: And the model itself, whose modules' imports and definitions (made from those very
#: trees) `file_facts` takes instead of indexing the tree again.
_shared_project: Project | None = None


def share_trees(trees: Mapping[str, tuple[str, ast.Module]] | None,
                kinds: Mapping[str, Mapping[int, tuple[Kind, int | None]]] | None = None,
                project: Project | None = None) -> None:
    """Let `file_facts` read the model's own trees (nothing changes them) and what the
    model indexed of them, and the gate the kinds the model gave their nodes."""
    global _shared_trees, _shared_kinds, _shared_project
    _shared_trees = trees
    _shared_kinds = kinds if trees is not None else None
    _shared_project = project if trees is not None else None


def _shared_tree(text: str, filename: str, view: FileView) -> ast.Module | None:
    """The model's tree of exactly this text, when this process shares it."""
    shared = _shared_trees.get(filename) if _shared_trees is not None else None
    if shared is None or not view.sha or shared[0] != view.sha:
        return None
    from synclint.files_io import text_sha

    return shared[1] if text_sha(text) == view.sha else None


def file_facts(text: str, filename: str, view: FileView) -> Facts | None:
    """The facts of one file's code (its functions, class bodies and module-level
    statements) from its view of the model; None when `ast` cannot parse it."""
    shared = _shared_tree(text, filename, view)
    tree = shared or parse_module(text, filename)
    if tree is None:
        return None
    indexed = (_shared_module(shared, view) if shared is not None else None) or \
        _index(tree, text, filename, view)
    module, functions, classes = indexed
    module.names = dict(view.names)
    model = ViewModel(view, functions, classes)
    facts = Facts(model, module, _scopes(module, tree, functions), Lines(text))
    if shared is not None:
        facts._kinds = _shared_kinds
    return facts


def _index(tree: ast.Module, text: str, filename: str, view: FileView
           ) -> tuple[_Module, dict[str, _Function], dict[str, _Class]]:
    """The file indexed on its own: its module, functions and classes."""
    from synclint.model.project import Project

    module = _Module(view.module, filename, tree, torch="torch" in text,
                     default_device="set_default_device" in text,
                     param_groups="param_groups" in text, text=text)
    module.imports, module.registrations, module.fallbacks = \
        module_imports(tree, module.name, filename, text)
    scratch = Project()
    scratch._index_body(module, tree.body, (), None)
    return module, scratch.functions, scratch.classes


def _shared_module(tree: ast.Module, view: FileView
                   ) -> tuple[_Module, dict[str, _Function], dict[str, _Class]] | None:
    """The model's own module of `tree`, with its functions and classes, in a process
    that shares the model (`share_trees`): indexed from this very tree, with the same
    imports and definitions `_index` would find (its text is gone: what the
    evaluation reads of it, `numpy_lines`, it kept)."""
    from synclint.model.views import defined_in

    project = _shared_project
    module = project.modules.get(view.module) if project is not None else None
    if project is None or module is None or module.tree is not tree:
        return None
    functions: dict[str, _Function] = {}
    classes: dict[str, _Class] = {}
    prefix = f"{module.name}:"
    for key in defined_in(project, module.name):
        function = project.functions.get(key)
        if function is not None:
            if function.module is not module or function.definition is None or \
                    not key.startswith(prefix):
                return None  # not as `_index` makes them: index the tree again
            functions[key] = function
        elif key in project.classes:
            classes[key] = project.classes[key]
    return module, functions, classes


def _scopes(module: _Module, tree: ast.Module, functions: Mapping[str, _Function]
            ) -> list[_Scope]:
    """Every piece of code evaluated as one, with the lines of its own statements."""
    last = max((getattr(n, "end_lineno", 0) or 0 for n in tree.body), default=1)
    scopes = [_Scope(pseudo_function(module, MODULE_CODE, tree.body), 1, max(last, 1))]
    for node in statements(tree.body):  # classes are statements: no expression walked
        if isinstance(node, ast.ClassDef) and node.body:
            scopes.append(_Scope(pseudo_function(module, f"<class {node.name}>", node.body),
                                 node.body[0].lineno, node.end_lineno or node.lineno))
    by_key: dict[str, _Scope] = {}
    for key, function in functions.items():  # enclosing functions come first
        node = function.node
        parent = enclosing_function(key, functions)
        enclosing = by_key.get(parent) if parent is not None else None
        scope = _Scope(function, node.body[0].lineno, node.end_lineno or node.lineno,
                       enclosing)
        by_key[key] = scope
        scopes.append(scope)
    return scopes
