"""The model of the program: every checked module indexed from `ast`, names linked
across modules, and every function summarised bottom-up over the call graph."""

from __future__ import annotations

import ast
import contextlib
import gc
import os
import sys
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path

from synclint import knowledge
from synclint.analysis.compiled import Regions, may_compile, module_facts
from synclint.analysis.kinds import (
    HOST_TENSOR,
    UNKNOWN,
    Kind,
)
from synclint.model.ahead import Ahead
from synclint.model.aliases import expanded_alias, type_alias
from synclint.model.call_sites import rare_calls
from synclint.model.callers import find_cold_functions, find_host_params
from synclint.model.defaults import class_defaults, field_classes, field_kinds
from synclint.model.dispatch import is_abstract, link_overrides, overrides
from synclint.model.duck import Members
from synclint.model.evaluation import Evaluation, module_globals
from synclint.model.flow import Value
from synclint.model.hooks import (
    _is_lightning_base,
    class_entry,
    find_registered_hooks,
    mark_template_methods,
)
from synclint.model.index import (
    Evaluated,
    EvaluationMemo,
    Imports,
    _Class,
    _Function,
    _Module,
    _module_file,
    display_name,
    module_imports,
    move_lines,
    numpy_lines,
    package_root,
    parse_module,
)
from synclint.model.kindops import _bounded, _join_attribute
from synclint.model.options import index_options
from synclint.model.properties import ACCESSOR, accessor_key, classify
from synclint.model.regions import mark_compiled
from synclint.model.schedule import (
    attribute_classes,
    by_level,
    components,
    dependency_graph,
    permuted,
    static_reads,
    two_lanes,
)
from synclint.model.sketch import sketch
from synclint.model.summaries import ClassView, FileView, Hot, Summary
from synclint.model.syntax import _dotted, _first, _is_self, own_nodes
from synclint.model.views import file_view

MAX_ROUNDS = 50

class Project:
    """The index of a set of files and the summaries of their functions."""

    def __init__(self) -> None:
        self.modules: dict[str, _Module] = {}
        self.by_file: dict[str, _Module] = {}
        self.functions: dict[str, _Function] = {}
        #: The functions the module being indexed defines, in the order `_index_body`
        #: made them.
        self.indexed: list[_Function] = []
        self.classes: dict[str, _Class] = {}
        self.summaries: dict[str, Summary] = {}
        self._hooks: dict[str, Hot] = {}
        self._views: dict[str, FileView] = {}
        #: Project type aliases, by key, as they read outside their module (`aliases.py`).
        self.expanded_aliases: dict[str, str] = {}
        #: Built with the views, once the summaries are final (`views.py`).
        self._class_views: dict[str, ClassView] = {}
        self._digests: dict[tuple[str, str], str] = {}
        self._defined: dict[str, list[str]] | None = None
        self.duck_members: Members | None = None  # `duck._members`
        self._callees: dict[str, set[str]] = {}
        #: Per caller, the kinds its calls pass to project functions (last evaluation).
        self._call_arguments: dict[str, list[tuple[str, dict[str, Kind] | None]]] = {}
        #: Files indexed from their syntax tree in this run (the rest: the index cache).
        self.parsed_files: list[str] = []
        #: The index cache's record of evaluations: it replays those whose inputs are
        #: unchanged and records this run's; None without a cache.
        self.memo: EvaluationMemo | None = None
        #: Whether `analyse` may solve part of the graph in a second process (`ahead.py`):
        #: the caller says so when it may use two cores.
        self.parallel = False
        #: While `analyse` runs with a second process: its evaluations, to replay.
        self.ahead: Ahead | None = None
        #: Then: how many evaluations of its lane were replayed, and made afresh.
        self.replayed = (0, 0)
        self._prepared = False
        #: The code torch.compile runs, and the project's Dynamo flags (`compiled.py`).
        self.regions = Regions()
        #: Evaluations the dependency graph did not order (see `analyse`): 0 when it
        #: foresaw every read, which the tests check.
        self.unforeseen = 0
        #: Per class, attribute -> the project class of the parameter its methods store
        #: there, found once while the graph is built (`schedule._attribute_instance`).
        self.instance_attributes: dict[str, dict[str, str]] = {}
        #: The names each nested function sees from its enclosing one (`flow.py`).
        self.closures: dict[str, dict[str, Kind]] = {}
        #: Per function, the classes whose attribute kinds its last evaluation read.
        self.attribute_reads: dict[str, tuple[str, ...]] = {}
        #: Every name a class of the project makes a property (`properties.py`), and per
        #: class, the getters of its properties and its bases' (`schedule._getters`).
        self.property_names: set[str] = set()
        self.class_getters: dict[str, list[str]] = {}
        #: The functions whose last evaluation gave no expression a tensor kind (nor a
        #: container of tensors), with the summaries as they are final: their code holds
        #: no site a tensor's kind decides, which the gate then reads without evaluating
        #: them again (`FileView.tensor_free`, `candidates.py`).
        self.tensor_free: set[str] = set()
        #: Of each function not tensor-free whose last evaluation was made in this
        #: process, what it gave each expression node, by `id` (`Flow.last`): the gate of
        #: a lint worker forked from here reads it on the same syntax trees instead of
        #: evaluating again (`facts.share_trees`). Never pickled, never persisted.
        self.expression_kinds: dict[str, dict[int, Value]] = {}

    # -- indexing -------------------------------------------------------------------------
    def add_source(self, filename: str, text: str, module: str | None = None,
                   tree: ast.Module | None = None,
                   indexed: Imports | None = None) -> bool:
        """Index one file (`tree`: its syntax tree, `indexed`: its `module_imports`, when
        already known); False when it does not parse (the rules report that)."""
        if tree is None:
            tree = parse_module(text, filename)
            if tree is None:
                return False
        if module is None:
            module = package_root(Path(filename))[1] if os.path.exists(filename) else \
                Path(filename).stem
        module = self.unique_name(module)
        info = _Module(module, filename, tree, torch="torch" in text, text=text,
                       default_device="set_default_device" in text,
                       param_groups="param_groups" in text)
        self.modules[module] = info
        self.by_file[filename] = info
        self.parsed_files.append(filename)
        self._index_module(info, indexed)
        numpy_lines(info), move_lines(info), index_options(info)  # (read before it goes)
        info.text = ""  # indexed: a large tree's sources need not stay in memory
        return True

    def unique_name(self, module: str) -> str:
        """The name the next added module gets: two scripts with one name stay apart."""
        return f"{module}@{len(self.modules)}" if module in self.modules else module

    def _index_module(self, module: _Module,
                      indexed: Imports | None = None) -> None:
        assert module.tree is not None
        module.imports, module.registrations, module.fallbacks = indexed \
            if indexed is not None else \
            module_imports(module.tree, module.name, module.filename, module.text)
        self.indexed = []
        self._index_body(module, module.tree.body, (), None)
        module.defined = dict(module.names)
        lines = module.text.split("\n")
        # The module's own functions, as `_index_body` made them (walking every function
        # of the project here made indexing quadratic: 10% of the torch package's index).
        for function in self.indexed:
            if self.functions.get(function.key) is function and function.definition is not None:
                node = function.definition
                function.sketch = sketch("\n".join(lines[node.lineno - 1:node.end_lineno]))
        module.chain_heads, module.chains = (*module.names, *module.imports,
                                             *module.aliases), None
        if may_compile(module.text):
            module.compile = module_facts(module.tree, lambda d: self._qualify(module, d),
                                          module.text, module.imports)

    def _index_body(self, module: _Module, body: list[ast.stmt], scope: tuple[str, ...],
                    class_key: str | None) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                role = classify(node) if class_key is not None else None
                # A property's setter or deleter has a key of its own: the getter keeps
                # the name's (`properties.py`).
                name = node.name if role != ACCESSOR else \
                    accessor_key(node.name, node)
                qualname = ".".join((*scope, name))
                key = f"{module.name}:{qualname}"
                args = node.args
                positional = [a.arg for a in (*args.posonlyargs, *args.args)]
                is_method = class_key is not None and not any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
                if is_method and positional:
                    positional = positional[1:]
                annotations = {a.arg: a.annotation for a in
                               (*args.posonlyargs, *args.args, *args.kwonlyargs)}
                function = self.functions[key] = _Function(
                    key, module, node, qualname, class_key, tuple(positional), annotations)
                self.indexed.append(function)
                if class_key is not None and role == ACCESSOR:
                    # Under a name no code can call (`lr@setter`), so that what walks a
                    # class's methods (the classes of its attributes) walks it too.
                    self.classes[class_key].methods[name] = key
                elif class_key is not None:
                    cls = self.classes[class_key]
                    cls.methods[node.name] = key
                    cls.abstract = tuple(n for n in cls.abstract if n != node.name)
                    if role is None and is_abstract(node):
                        cls.abstract += (node.name,)
                    if role is None:
                        cls.properties.pop(node.name, None)  # redefined as a method
                    else:
                        cls.properties[node.name] = role
                        self.property_names.add(node.name)
                elif class_key is None and not scope:
                    module.names[node.name] = key
                self._index_body(module, node.body, (*scope, name), None)
            elif isinstance(node, ast.ClassDef):
                qualname = ".".join((*scope, node.name))
                key = f"{module.name}:{qualname}"
                # `Model[Sentence]`: a subscripted generic base is the class it subscripts.
                bases = [name for name in (_dotted(b.value if isinstance(b, ast.Subscript) else b)
                                           for b in node.bases) if name]
                self.classes[key] = _Class(key, module, node, bases, attributes=field_kinds(
                    node, module.imports), defaults=class_defaults(node))
                if not scope:
                    module.names[node.name] = key
                self._index_body(module, node.body, (*scope, node.name), key)
            elif not scope and class_key is None and isinstance(node, _ALIASING):
                alias = type_alias(node)
                if alias is not None:
                    module.aliases[alias[0]] = alias[1]
            elif isinstance(node, _BLOCKS):
                # Definitions under `if TYPE_CHECKING:`, `try: import`, in a loop or a
                # `with`: functions of the scope around them all the same.
                for part in ("body", "orelse", "finalbody"):
                    self._index_body(module, getattr(node, part, []), scope, class_key)
                for handler in getattr(node, "handlers", []):
                    self._index_body(module, handler.body, scope, class_key)

    # -- resolution of names across modules --------------------------------------------
    def _link(self) -> None:
        # In order: a module linked earlier shows the modules after it its imported
        # names too (a cached module gets its earlier links at the same turn).
        clashing = {name.partition("@")[0].partition(".")[0] for name in self.modules
                    if "@" in name}
        files = _Files(self.modules)  # each module's name by the real path of its file
        for module in self.modules.values():
            if module.linked is not None:
                module.names = dict(module.linked)
                continue
            for local, target in module.imports.items():
                target = _own_target(module, target, clashing, files)
                key = self._target_key(target)
                # `try: from fast import read` / `except ImportError: from helpers import
                # read` where `fast` is no module of the project (an optional package the
                # checked tree lacks): `read` is the fallback the project defines.
                for fallback in module.fallbacks.get(local, ()) if key is None else ():
                    fallback = _own_target(module, fallback, clashing, files)
                    key = self._target_key(fallback)
                    if key is not None:
                        break
                module.names.setdefault(local, key if key is not None else target)
        for cls in self.classes.values():
            if cls.node is None:
                continue  # cached: its bases were linked by an earlier run
            for base in cls.base_names:
                key = self._name_key(cls.module, base)
                if key is not None and key in self.classes:
                    cls.bases.append(key)
                else:
                    cls.external.append(self._qualify(cls.module, base))

    def _target_key(self, dotted: str) -> str | None:
        """A project key for an absolute dotted name: a module, or a definition in one."""
        if dotted in self.modules:
            return dotted
        module, _, name = dotted.rpartition(".")
        if module in self.modules:
            key = self.modules[module].names.get(name)
            if key is not None:
                return key
            return f"{module}:{name}"
        return None

    def _name_key(self, module: _Module, dotted: str) -> str | None:
        head, _, rest = dotted.partition(".")
        target = module.names.get(head)
        if target is None:
            return None
        for part in rest.split(".") if rest else []:
            nested = f"{target}.{part}"
            package = self.modules.get(target)
            if nested in self.modules:
                target = nested
            elif package is not None and ":" in package.names.get(part, ""):
                # `flair.nn.Model`: a name the package re-exports (`from .model import Model`)
                target = package.names[part]
            else:
                target = f"{target}:{part}"
        if target in self.modules:
            return target
        if ":" not in target:
            return self._target_key(target)
        return target

    def type_alias(self, module: _Module, dotted: str) -> str | None:
        """The annotation the project type alias `dotted` stands for in `module`."""
        return expanded_alias(self, module, dotted)

    def _qualify(self, module: _Module, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        full = module.imports.get(head, head)
        return f"{full}.{rest}" if rest else full

    # -- class roles ----------------------------------------------------------------------
    def _mro(self, key: str) -> Iterator[_Class]:
        seen: set[str] = set()
        stack = [key]
        while stack:
            current = stack.pop(0)
            if current in seen or current not in self.classes:
                continue
            seen.add(current)
            yield self.classes[current]
            stack.extend(self.classes[current].bases)

    def _externals(self, key: str) -> list[str]:
        return [name for cls in self._mro(key) for name in cls.external]

    def is_lightning(self, key: str) -> bool:
        return any(_is_lightning_base(name) for name in self._externals(key))

    def is_nn_module(self, key: str) -> bool:
        return knowledge.is_module(tuple(self._externals(key)))

    # -- summaries ------------------------------------------------------------------------
    def prepare(self) -> None:
        """Link names, find per-step entry points and what each function may read (once;
        `analyse` does it first): the index cache compares a changed module's links
        with its record here."""
        if self._prepared:
            return
        self._prepared = True
        self._link()
        find_registered_hooks(self)
        for cls in self.classes.values():
            if cls.node is not None:  # else: cached, as an earlier run found them
                cls.attribute_classes = attribute_classes(self, cls)
                cls.attributes = {**_field_classes(self, cls), **cls.attributes}
        link_overrides(self)
        for module in self.modules.values():
            if module.tree is not None:  # else: cached, as an earlier run found them
                module.globals = module_globals(self, module)
        for key, function in self.functions.items():
            if function.definition is not None:
                function.entry = class_entry(self, function)
                calls, function.reads, function.writes = static_reads(self, function)
                if function.writes:
                    function.assigns = _may_assign(function.definition)
                function.calls = (*calls, *overrides(self, key))  # (`dispatch.py`)
            self.summaries[key] = Summary(key, display_name(function), params=function.params,
                                          hot=self._hooks.get(key) or function.entry)
        mark_template_methods(self, self._hooks)  # once every method's calls are known

    def analyse(self) -> None:
        """Link names, find per-step entry points and compute every summary: the
        strongly connected components of what functions may read, callees first, each
        to its own fixed point (`schedule.py`), in the order of `schedule.two_lanes`;
        with `parallel`, a second process solves the second lane meanwhile
        (`ahead.py`)."""
        self.prepare()
        # Ordered (dicts, not sets): the order callers are queued in must not depend on
        # string hashing, which differs between processes; the index cache replays it.
        callers: dict[str, dict[str, bool]] = {}
        readers: dict[str, dict[str, None]] = {}
        solved: set[str] = set()
        late: dict[str, None] = {}

        def solve(part: list[list[str]]) -> None:
            for component in part:
                members = [key for key in component if key in self.functions]
                if members:
                    _solve(self, members, set(members), solved, late, callers, readers)
                    solved.update(members)

        graph = dependency_graph(self)
        lanes = two_lanes(graph, by_level(graph, components(graph)))
        self.ahead = Ahead.start(self, lanes, solve) if self.parallel else None
        try:
            solve(lanes.order)
        finally:
            if self.ahead is not None:
                self.ahead.close()
                self.replayed = (self.ahead.replayed, self.ahead.afresh)
                self.ahead = None
        if late:
            # Reads the graph did not foresee (a callee reached through a value):
            # those callers are solved again, with every caller re-queued.
            self.unforeseen += len(late)
            _solve(self, permuted(list(late), "late"), None, solved, {}, callers, readers)
        find_cold_functions(self, callers)
        find_host_params(self)
        mark_compiled(self)

    def _evaluate(self, function: _Function) -> Evaluated:
        """One evaluation of `function`, or the result an earlier run recorded for it.

        An evaluation is a function of the function's text, the project's links and
        what it reads of the state the fixed point changes: its callees' summaries and
        the attributes of `self`'s classes (`index_cache.Reads`). The memo replays a
        recorded result only when all of those are the same now, so a warm run takes
        the steps a cold run takes, with the same results. A read of other changing
        state added here must be added to `index_cache.Reads` too. Only the function's
        own hook (`hot`) may differ: a changed module may register it, and it is
        copied into the summary, never read.
        """
        memo = self.memo
        evaluated = memo.recall(self, function) if memo is not None else None
        if evaluated is not None:
            self.expression_kinds.pop(function.key, None)  # replayed: no node kinds
            hot = self.summaries[function.key].hot
            if evaluated.summary.hot != hot:
                evaluated = replace(evaluated, summary=replace(evaluated.summary, hot=hot))
        else:
            ahead = self.ahead
            evaluated = ahead.recall(self, function) if ahead is not None else None
            if evaluated is None:
                evaluated = self.evaluate_afresh(function)
                if ahead is not None:
                    ahead.remember(self, function, evaluated)
            else:  # replayed: the child's node kinds, where it sent them for this one
                kinds = ahead.node_kinds(function.key) if ahead is not None else None
                if kinds is not None and evaluated.tensors:
                    self.expression_kinds[function.key] = kinds
                else:
                    self.expression_kinds.pop(function.key, None)
        if memo is not None:
            memo.remember(self, function, evaluated)
        return evaluated

    def evaluate_afresh(self, function: _Function) -> Evaluated:
        """One evaluation of `function` (which has its syntax tree) in the state now."""
        evaluation = Evaluation(self, function)
        summary = evaluation.run()
        if evaluation.tensors and not evaluation.facts_differ:
            self.expression_kinds[function.key] = evaluation.last
        else:
            self.expression_kinds.pop(function.key, None)
        return Evaluated(summary, tuple(sorted(evaluation.callees)),
                         tuple(sorted(evaluation.attribute_reads)),
                         tuple(sorted(evaluation.self_kinds.items(), key=_first)),
                         tuple((callee, None if filled is None else
                                tuple(sorted(filled.items(), key=_first)))
                               for callee, filled in evaluation.call_arguments),
                         tuple((key, tuple(sorted(names.items(), key=_first)))
                               for key, names in sorted(evaluation.closures_made.items())),
                         tuple(sorted(evaluation.unknown_self)), evaluation.tensors,
                         rare_calls(evaluation), tuple(sorted(evaluation.missing_reads)))

    def view(self, filename: str) -> FileView | None:
        """What `filename` may ask of the project (None when it was not indexed)."""
        return file_view(self, filename)


#: Statements that may make a type alias (`aliases.type_alias`): `type X = ...` is an
#: `ast.TypeAlias` from Python 3.12.
_ALIASING: tuple[type[ast.stmt], ...] = (ast.Assign, ast.AnnAssign)
if sys.version_info >= (3, 12):
    _ALIASING = (*_ALIASING, ast.TypeAlias)
#: Statements whose blocks may hold definitions of the scope they stand in.
_BLOCKS = (ast.If, ast.Try, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While,
           *((ast.TryStar,) if hasattr(ast, "TryStar") else ()))



def _solve(project: Project, work: list[str], members: set[str] | None, solved: set[str],
           late: dict[str, None], callers: dict[str, dict[str, bool]],
           readers: dict[str, dict[str, None]]) -> None:
    """Evaluate `work` until no summary or class attribute it reads changes. A change
    re-queues the readers in `members` (None: every reader); a reader already solved
    outside them goes to `late` (the graph missed that read).

    An attribute no class has a kind for is "nothing yet", not "unknown", while a
    method of the component that may assign it (a method of a class of the owner's MRO
    whose text assigns that name: `_may_assign`) has not run: an evaluation that read
    one waits (`_waits`), its result not kept. When nothing else is queued, those whose writers have all run since
    are evaluated again; when none has, each waits for another (a cycle), and every
    waiting function is evaluated in the same state and all their results are kept at
    once, so what they read does not depend on which of them the worklist reached first
    (`schedule.SOLVE_ORDER`)."""
    pending = _writers(project, work) if members is not None else {}
    if pending:
        # Writers first: a reader queued after them waits for none (the answer is the
        # same in any order; this only spares the evaluations a wait throws away).
        writing = {key for found in pending.values() for key in found}
        work = [key for key in work if key in writing] + \
            [key for key in work if key not in writing]
    queue = deque(work)
    queued = set(work)
    limit = MAX_ROUNDS * max(1, len(work) if members is not None else len(project.functions))
    rounds = 0
    waiting: dict[str, Evaluated] = {}
    while (queue or waiting) and rounds < limit:
        if not queue:
            # Those whose writers have all run since they waited are evaluated again.
            ready = [key for key, evaluated in sorted(waiting.items())
                     if not _waits(project, key, evaluated, pending)]
            if ready:
                for key in ready:
                    del waiting[key]
                queue.extend(ready)
                queued.update(ready)
                continue
            batch = [(key, project._evaluate(project.functions[key])) for key in sorted(waiting)]
            rounds += len(batch)
            waiting.clear()
            pending.clear()
            for key, evaluated in batch:  # each a reader of what the others change
                _reads(project, key, evaluated, callers, readers)
            for key, evaluated in batch:
                _keep(project, key, evaluated, members, solved, late, callers, readers,
                      queue, queued)
            continue
        rounds += 1
        key = queue.popleft()
        queued.discard(key)
        evaluated = project._evaluate(project.functions[key])
        if pending and _waits(project, key, evaluated, pending):
            waiting[key] = evaluated
            continue
        waiting.pop(key, None)
        written = project.functions[key].class_key
        if written is not None and key in pending.get(written, {}):
            del pending[written][key]
            if not pending[written]:
                del pending[written]
        _keep(project, key, evaluated, members, solved, late, callers, readers, queue, queued)
    # Out of rounds: what is still queued read a state that changed after it ran.
    unsolved = [*queue, *waiting]
    project.tensor_free.difference_update(unsolved)
    for key in unsolved:
        project.expression_kinds.pop(key, None)


class _Files(dict[str, str]):
    """Each module's name by the real path of its file, read on first use."""

    def __init__(self, modules: Mapping[str, _Module]) -> None:
        super().__init__()
        self.modules = modules
        self.read = False

    def __missing__(self, path: str) -> str:
        if not self.read:  # "" where no module of the project is that file
            self.read = True
            self.update({os.path.realpath(m.filename): n for n, m in self.modules.items()})
        return self.get(path, "")


def _writers(project: Project, work: list[str]) -> dict[str, dict[str, None]]:
    """The methods of `work` that assign attributes, by class: none has run yet."""
    found: dict[str, dict[str, None]] = {}
    for key in work:
        function = project.functions[key]
        if function.writes and function.class_key is not None:
            found.setdefault(function.class_key, {})[key] = None
    return found


def _waits(project: Project, key: str, evaluated: Evaluated,
           pending: Mapping[str, Mapping[str, None]]) -> bool:
    """Whether `evaluated` read an attribute that has no kind yet where a method of a
    class of the owner's MRO (another than `key`) that may assign it (`_may_assign`) has
    not run yet."""
    for owner, name in evaluated.missing:
        if owner not in project.classes:
            continue
        for cls in project._mro(owner):
            for writer in pending.get(cls.key, ()):
                if writer != key and name in project.functions[writer].assigns:
                    return True
    return False


def _may_assign(definition: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    """The attributes of `self` a method may assign, by its text: `self.x = ...`,
    `self.register_buffer("x", ...)` (a string a call on `self` is given first),
    `self.x.to(device)`. Kept in the index cache: a warm run waits as a cold one."""
    found: set[str] = set()
    for node in own_nodes(definition.body):
        if isinstance(node, ast.Attribute) and _is_self(node.value) and \
                isinstance(node.ctx, ast.Store):
            found.add(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            receiver = node.func.value
            if _is_self(receiver) and node.args and \
                    isinstance(node.args[0], ast.Constant) and \
                    isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
            elif node.func.attr in ("to", "cuda") and \
                    isinstance(receiver, ast.Attribute) and _is_self(receiver.value):
                found.add(receiver.attr)  # `self.model.to(device)`
    return tuple(sorted(found))


def _reads(project: Project, key: str, evaluated: Evaluated,
           callers: dict[str, dict[str, bool]], readers: dict[str, dict[str, None]]) -> None:
    """Record what `evaluated` read: a change to it re-queues `key`. A read of a class's
    attributes reads its bases' too (`self.model` of a pipeline, which `Pipeline`
    assigns): a change to any of them re-queues it."""
    for callee in evaluated.callees:  # (True: it calls it only rarely)
        callers.setdefault(callee, {})[key] = callee in evaluated.rare_calls
    for owner in evaluated.attribute_reads:
        readers.setdefault(owner, {})[key] = None
        if owner in project.classes:
            for cls in project._mro(owner):
                readers.setdefault(cls.key, {})[key] = None


def _keep(project: Project, key: str, evaluated: Evaluated, members: set[str] | None,
          solved: set[str], late: dict[str, None], callers: dict[str, dict[str, bool]],
          readers: dict[str, dict[str, None]], queue: deque[str], queued: set[str]) -> None:
    """Keep one evaluation of `key`: its summary, its attributes merged into its class,
    what it reads; re-queue (or mark `late`) the readers of what changed."""
    function = project.functions[key]
    if evaluated.tensors:
        project.tensor_free.discard(key)
    else:
        project.tensor_free.add(key)
    project._callees[key] = set(evaluated.callees)
    project.attribute_reads[key] = evaluated.attribute_reads
    project._call_arguments[key] = [
        (callee, None if filled is None else dict(filled))
        for callee, filled in evaluated.call_arguments]
    _reads(project, key, evaluated, callers, readers)
    changed = merge_attributes(project.classes, function, evaluated)
    if changed and project.memo is not None:
        project.memo.attributes_changed(changed)
    affected: list[str] = []
    for nested, names in evaluated.closures:
        closure = dict(names)
        if project.closures.get(nested) != closure:
            project.closures[nested] = closure
            affected.append(nested)
    if evaluated.summary != project.summaries[key]:
        project.summaries[key] = evaluated.summary
        affected.extend(callers.get(key, ()))
    for owner in changed:
        affected.extend(readers.get(owner, ()))
    for reader in affected:
        if members is None or reader in members:
            if reader not in queued:
                queued.add(reader)
                queue.append(reader)
        elif reader in solved:
            late[reader] = None


def _own_target(module: _Module, target: str, clashing: set[str], files: _Files) -> str:
    """`target` as the project names the file `module` imports: two scripts' folders may
    each hold a `utils.py` (`utils` and `utils@7`), and `from utils import f` means the
    one beside the importing script (Python puts its folder first); a module of the
    importer's own package in a folder without `__init__.py` (a namespace package:
    torchtitan's `from .utils.image import vision_to_patches`) is named from its file's
    nearest package, not the importer's."""
    head = target.partition(".")[0]
    if head not in clashing and (head != module.name.partition(".")[0] or any(
            dotted in files.modules for dotted in (target, target.rpartition(".")[0]))):
        return target
    root = package_root(Path(module.filename))[0]
    for dotted in (target, target.rpartition(".")[0]):
        path = _module_file(root, dotted) if dotted else None
        if path is not None:
            found = files[os.path.realpath(path)]
            return found + target[len(dotted):] if found else target
    return target

def _field_classes(project: Project, cls: _Class) -> dict[str, Kind]:
    """The fields `cls`'s body annotates with project classes (`defaults.field_classes`),
    named as its module names them."""
    def resolve(dotted: str) -> str | None:
        head, dot, rest = dotted.partition(".")
        if f"{cls.module.imports.get(head, head)}{dot}{rest}".startswith(("torch.", "numpy.")):
            return None  # `min_val: torch.Tensor` in torch itself keeps the library's meaning
        key = project._name_key(cls.module, dotted)
        return key if key is not None and key in project.classes else None
    return field_classes(cls.node, resolve) if cls.node is not None else {}


def build_project(sources: Mapping[str, str], modules: Mapping[str, str] | None = None,
                  ) -> Project:
    """Index and summarise `sources` (filename -> text); `modules` may name each file's
    dotted module (else it is found from the package layout on disk)."""
    with no_cyclic_gc():
        project = Project()
        for filename, text in sources.items():
            project.add_source(filename, text, (modules or {}).get(filename))
        project.analyse()
        return project


def merge_attributes(classes: Mapping[str, _Class], function: _Function,
                     evaluation: Evaluated) -> set[str]:
    """Merge the attribute kinds `function` (a method) assigned through `self` into its
    class; the classes changed."""
    changed: set[str] = set()
    if function.class_key is None:
        return changed
    cls = classes[function.class_key]
    for name in evaluation.reassigned:
        # Assigned a caller's value of unknown kind in some method (`self._x2 = x2`):
        # the union of its assignments is not known to stay on the CPU.
        cls.reassigned.add(name)
        if cls.attributes.get(name) is HOST_TENSOR:
            cls.attributes[name] = UNKNOWN
            changed.add(cls.key)
    for name, kind in evaluation.self_kinds:
        kind = _bounded(kind)
        old = cls.attributes.get(name)
        new = kind if old is None else _join_attribute(old, kind)
        if new is HOST_TENSOR and name in cls.reassigned:
            new = UNKNOWN
        if new != old:
            cls.attributes[name] = new
            changed.add(cls.key)
    return changed


@contextlib.contextmanager
def no_cyclic_gc() -> Iterator[None]:
    """The index keeps every module's tree alive: while it is built and read, the cyclic
    collector would rescan all of them again and again (it tripled the index's cost).
    Nothing the index allocates needs it: its objects are freed by reference counts."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
