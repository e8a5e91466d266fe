"""The whole-program index: modules, classes, functions and call summaries, from `ast`.

Built from the standard library's parser (about 10x cheaper than LibCST, DESIGN.md
section 7) before the per-file rules run. For every function of the checked files (and
the modules they import from the same tree) it computes a summary, bottom-up over the
call graph to a fixed point:

- the kind of value it returns (tensor, bool tensor, host value, containers of tensors);
- the syncs it makes on every call (a host read, a tensor tested as a bool, a
  data-dependent shape), with the chain of calls down to the site;
- the syncs it makes depending on an argument (`def to_float(t): return t.item()`);
- whether it is per-step code: a Lightning step or per-batch hook, `nn.Module.forward`,
  `Optimizer.step`, or a function registered as an autograd or module hook.

Rules see the result through a `FileView` (picklable; one per checked file), which holds
only what that file can reach, so its digest can key the results cache.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import gc
import hashlib
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

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
    Branch,
    Instance,
    Kind,
    Seq,
    Tup,
    close_branch,
    elem_of,
    item_of,
    join,
    merge,
    on_host,
    proved_kinds,
)
from synclint.analysis.kinds import (
    Mapping as MappingKind,
)
from synclint.analysis.roles import (
    class_role,
    function_role,
    is_debug_flag,
    module_function_role,
    module_role,
)
from synclint.analysis.torch_api import (
    BOOL_RESULTS,
    DTYPE_NAMES,
    HOST_ATTRIBUTES,
    HOST_MEMORY_FUNCTIONS,
    HOST_METHODS,
    SHAPE_FUNCTIONS,
    SYNC_MODULES,
    TENSOR_ATTRIBUTES,
    TORCH_FACTORIES,
    TORCH_HOST_FUNCTIONS,
    TORCH_ONLY_METHODS,
    WEAK_TENSOR_METHODS,
)

# The torch facts the index needs: the same table the LibCST inference reads.
from synclint.knowledge.tensordict import TD as TENSORDICT

#: In `FileView.needed`: the file receives tensors from project functions (so the
#: textual "is there any tensor here" prefilter must not skip it).
TENSOR_VALUES = "tensor-values"
SYNC_READ = "SYN101"
SYNC_TEST = "SYN102"
SYNC_SHAPE = "SYN104"
#: What each kind of sync does, as the message says it.
EFFECT_WORDS = {
    SYNC_READ: "reads a tensor on the host",
    SYNC_TEST: "tests a tensor as a Python bool",
    SYNC_SHAPE: "makes a data-dependent shape",
}
#: How sure a call-site report can be that an argument makes the callee sync:
#: "tensor": the callee proves the parameter is a tensor (torch-only methods on it);
#: "item": `.item()` on it (a tensor unless NumPy); "value": `float(p)`, `p > 0`, which
#: sync only when the argument is a device tensor.
STRENGTHS = ("tensor", "item", "value")

#: Registrations whose callable then runs per step (torch's hooks, ignite's `Engine(f)`
#: and event handlers): the call's last name -> the registrar (`knowledge.REGISTRARS`).
HOOK_REGISTRARS = knowledge.REGISTRARS
#: Source bytes of imported, unchecked modules the index may always read.
MIN_IMPORTED_BYTES = 1_000_000
#: Rounds of the fixed point over the call graph (each only revisits changed callers).
MAX_ROUNDS = 50

#: Ops whose output size depends on the data whatever their arguments (one-argument
#: `where` and `repeat_interleave` without `output_size=` are judged at the call).
SHAPE_SYNC_FUNCTIONS = SHAPE_FUNCTIONS - {"where", "repeat_interleave"}
SHAPE_SYNC_METHODS = SHAPE_SYNC_FUNCTIONS


# --- what crosses into rules and worker processes ----------------------------------------
@dataclass(frozen=True)
class Site:
    """A place in the project: a sync, a call on the way to it, a hook's definition."""

    filename: str
    line: int
    column: int
    message: str


@dataclass(frozen=True)
class Effect:
    """A sync a function makes, with the path to it: calls first, the sync site last."""

    code: str
    chain: tuple[Site, ...]
    likely: bool = False

    @property
    def site(self) -> Site:
        return self.chain[-1]


@dataclass(frozen=True)
class ParamEffect:
    """A sync that happens when the argument at `index` is a tensor."""

    index: int
    name: str
    strength: str
    effect: Effect


@dataclass(frozen=True)
class Hot:
    """Why a function runs once per step, and where that is decided."""

    reason: str
    site: Site


@dataclass(frozen=True)
class Summary:
    """What a call of one project function does."""

    key: str
    display: str
    returns: Kind = UNKNOWN
    syncs: tuple[Effect, ...] = ()
    param_effects: tuple[ParamEffect, ...] = ()
    hot: Hot | None = None
    #: Positional parameter names a call fills (without `self`/`cls` for methods).
    params: tuple[str, ...] = ()
    #: Parameters of a private function that every call in the project fills with a host
    #: value (a NumPy array, a CPU tensor, a Python number), whatever their annotation
    #: says: `self._convert_to_karras(in_sigmas=np_sigmas)`.
    host_params: tuple[tuple[str, Kind], ...] = ()
    #: The positional parameter every return is computed from (`def t_fn(s): return
    #: s.log().neg()`, `return 1 - s, s`), which the function never moves to a device: a
    #: CPU tensor passed there gives CPU tensors back (`kinds.on_host`).
    returns_from: int | None = None
    #: Why the function is cold (setup, save, load, export, test code; `roles.py`), or
    #: None. Never set on per-step code (`hot`).
    cold: str | None = None
    #: Kinds a framework passes the parameters of a per-step method (a `Trainer`
    #: subclass's `compute_loss(model, inputs)`), for those without an annotation.
    param_kinds: tuple[tuple[str, Kind], ...] = ()
    #: Parameters some project call fills ("*": a call whose `*args` / `**kwargs` hide
    #: which): a `device="cpu"` default holds in the body only where none does.
    passed: tuple[str, ...] = ()


@dataclass(frozen=True)
class ClassView:
    """A class as rules see it: its methods, attribute kinds and framework roles."""

    key: str
    bases: tuple[str, ...]
    methods: Mapping[str, str]
    attributes: Mapping[str, Kind]
    attribute_classes: Mapping[str, str]
    lightning: bool = False
    module: bool = False
    #: Qualified names of its library bases, over its whole MRO (`transformers.Trainer`).
    externals: tuple[str, ...] = ()


@dataclass(frozen=True)
class FileView:
    """What one checked file may ask of the project: picklable, with a digest."""

    filename: str
    module: str
    #: Local names of the file (imports, definitions) -> project keys ("mod:f", "mod:C",
    #: "mod" for a module).
    names: Mapping[str, str]
    summaries: Mapping[str, Summary]
    classes: Mapping[str, ClassView]
    modules: frozenset[str] = frozenset()
    digest: str = ""
    #: Rule codes the file's calls of project functions and its per-step code may fire.
    needed: frozenset[str] = frozenset()

    # -- lookups rules and the inference use ------------------------------------------
    def resolve(self, dotted: str, scope: tuple[str, ...]) -> Summary | None:
        """The summary of the function a call `dotted(...)` reaches from `scope` (the
        qualified name of the enclosing class and functions), or None."""
        key = self.resolve_key(dotted, scope)
        return self.summaries.get(key) if key is not None else None

    def resolve_key(self, dotted: str, scope: tuple[str, ...]) -> str | None:
        parts = dotted.split(".")
        head = parts[0]
        if head in ("self", "cls") and len(parts) >= 2:
            owner = self.enclosing_class(scope)
            if owner is None:
                return None
            for attribute in parts[1:-1]:
                owner = self._attribute_class(owner, attribute)
                if owner is None:
                    return None
            return self.method(owner, parts[-1])
        # A nested function of an enclosing function, then the module's own names (a
        # class's methods are no bare names in its methods' bodies: `def enumerate(self)`).
        for depth in range(len(scope), 0, -1):
            if f"{self.module}:{'.'.join(scope[:depth])}" in self.classes:
                continue
            key = f"{self.module}:{'.'.join(scope[:depth])}.{dotted}"
            if key in self.summaries:
                return key
        target = self.names.get(head)
        if target is None:
            return None
        for part in parts[1:]:
            if ":" in target:  # a class: its method
                return self.method(target, part) if part == parts[-1] else None
            nested = f"{target}.{part}"
            target = nested if nested in self.modules else f"{target}:{part}"
        return target if ":" in target else None

    def enclosing_class(self, scope: tuple[str, ...]) -> str | None:
        for depth in range(len(scope), 0, -1):
            key = f"{self.module}:{'.'.join(scope[:depth])}"
            if key in self.classes:
                return key
        return None

    def method(self, class_key: str, name: str) -> str | None:
        for owner in self.mro(class_key):
            found = self.classes[owner].methods.get(name)
            if found is not None:
                return found
        return None

    def mro(self, class_key: str) -> Iterator[str]:
        seen: set[str] = set()
        stack = [class_key]
        while stack:
            key = stack.pop(0)
            if key in seen or key not in self.classes:
                continue
            seen.add(key)
            yield key
            stack.extend(self.classes[key].bases)

    def _attribute_class(self, class_key: str, attribute: str) -> str | None:
        for owner in self.mro(class_key):
            found = self.classes[owner].attribute_classes.get(attribute)
            if found is not None:
                return found
        return None

    def class_key(self, dotted: str) -> str | None:
        """The project class a dotted name of this file reaches (an annotation), or None."""
        head, *rest = dotted.split(".")
        target = self.names.get(head)
        for part in rest:
            if target is None or ":" in target:
                return None
            nested = f"{target}.{part}"
            target = nested if nested in self.modules else f"{target}:{part}"
        return target if target is not None and target in self.classes else None

    def instance_attribute(self, class_key: str, attribute: str) -> Kind:
        """The kind of `<attribute>` on an instance of the class `class_key`."""
        for key in self.mro(class_key):
            kind = self.classes[key].attributes.get(attribute)
            if kind is not None:
                return kind
        return UNKNOWN

    def attribute_kind(self, attribute: str, scope: tuple[str, ...]) -> Kind:
        """The kind of `self.<attribute>` inside `scope`."""
        owner = self.enclosing_class(scope)
        if owner is None:
            return UNKNOWN
        for key in self.mro(owner):
            kind = self.classes[key].attributes.get(attribute)
            if kind is not None:
                return kind
        return UNKNOWN

    def library_bases(self, scope: tuple[str, ...]) -> tuple[str, ...]:
        """The qualified library bases of the class enclosing `scope` (its MRO's)."""
        owner = self.enclosing_class(scope)
        return self.classes[owner].externals if owner is not None else ()

    def passed_params(self, scope: tuple[str, ...]) -> frozenset[str]:
        """Parameters of the function at `scope` that some project call fills ("*": any)."""
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return frozenset(summary.passed) if summary is not None else frozenset()

    def param_kinds(self, scope: tuple[str, ...]) -> dict[str, Kind]:
        """What a framework passes the unannotated parameters of the function at `scope`."""
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return dict(summary.param_kinds) if summary is not None else {}

    def hot(self, scope: tuple[str, ...]) -> Hot | None:
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return summary.hot if summary is not None else None

    def host_params(self, scope: tuple[str, ...]) -> dict[str, Kind]:
        """Parameters of the function at `scope` that every project call fills with a
        host value (private functions only), with that value's kind."""
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return dict(summary.host_params) if summary is not None else {}

    def cold(self, scope: tuple[str, ...]) -> str | None:
        """Why the function at `scope` is cold by its role or its callers, or None."""
        summary = self.summaries.get(f"{self.module}:{'.'.join(scope)}")
        return summary.cold if summary is not None else None

    def needs(self) -> frozenset[str]:
        """Rule codes whose whole-program findings this file may hold (for the textual
        prefilter, which cannot see a sync behind a call or a hook)."""
        return self.needed

    def lightning_class(self, scope: tuple[str, ...]) -> bool:
        owner = self.enclosing_class(scope)
        return owner is not None and self.classes[owner].lightning


# --- building ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Evaluated:
    """What one evaluation of a function found: what the fixed point reads back, and
    what the index cache records to replay it."""

    summary: Summary
    callees: tuple[str, ...]
    #: Classes whose attribute kinds it read.
    attribute_reads: tuple[str, ...]
    #: `self.<name>` kinds and classes it assigned.
    self_kinds: tuple[tuple[str, Kind], ...]
    self_classes: tuple[tuple[str, str], ...]
    #: The kinds its calls pass to project functions, per call (None: not known).
    call_arguments: tuple[tuple[str, tuple[tuple[str, Kind], ...] | None], ...] = ()


class StaleIndex(Exception):
    """A replayed evaluation disagreed with the run that recorded it: index afresh."""


class EvaluationMemo(Protocol):
    """Evaluations an earlier run recorded (the index cache, `index_cache.py`).

    `recall` gives the recorded result of an evaluation of `function` whose every read
    of the fixed point's changing state (callee summaries, class attributes) matches
    the state now, or None, and then makes sure `function` has its syntax tree (it
    parses a cached module that has to be evaluated afresh). `remember` sees every
    evaluation of the run, recalled or not, in order, and `attributes_changed` every
    class whose attribute kinds or classes an evaluation changed, right after it.
    """

    def recall(self, project: Project, function: _Function) -> Evaluated | None: ...

    def remember(self, project: Project, function: _Function, evaluated: Evaluated,
                 ) -> None: ...

    def attributes_changed(self, classes: set[str]) -> None: ...


@dataclass
class _Function:
    key: str
    module: _Module
    #: None for a function of a module loaded from the index cache, until one of its
    #: recorded evaluations no longer applies and the index cache parses its module.
    definition: ast.FunctionDef | ast.AsyncFunctionDef | None
    qualname: str
    class_key: str | None
    params: tuple[str, ...]
    annotations: dict[str, ast.expr | None]
    #: The name calls show, kept for functions without a syntax tree.
    display: str = ""
    #: Why its class makes it per-step code (a Lightning hook, `forward`, `step`).
    entry: Hot | None = None

    @property
    def name(self) -> str:
        """Its own name (`step` for `Scheduler.step`), with or without a syntax tree."""
        return self.qualname.rpartition(".")[2]

    @property
    def node(self) -> ast.FunctionDef | ast.AsyncFunctionDef:
        assert self.definition is not None, f"{self.key} was loaded without its syntax tree"
        return self.definition


@dataclass
class _Class:
    key: str
    module: _Module
    node: ast.ClassDef | None
    base_names: list[str]
    methods: dict[str, str] = field(default_factory=dict)
    bases: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    attributes: dict[str, Kind] = field(default_factory=dict)
    attribute_classes: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """Its own name, with or without a syntax tree."""
        return self.key.rpartition(":")[2].rpartition(".")[2]


@dataclass
class _Module:
    name: str
    filename: str
    #: None for a module loaded from the index cache (`index_cache.py`): its functions'
    #: recorded results are replayed while what they read is unchanged.
    tree: ast.Module | None
    #: local name -> absolute dotted target ("pkg.helpers.to_float", "torch.nn")
    imports: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    torch: bool = False
    #: It calls `torch.set_default_device`: factories without `device=` may make device
    #: tensors (kept as a flag: the text is dropped once the module is indexed).
    default_device: bool = False
    text: str = ""
    #: `x.register_*hook(f)` calls, found while indexing.
    registrations: list[ast.Call] = field(default_factory=list)
    #: Its names before linking (its own definitions), kept for the index cache.
    defined: dict[str, str] = field(default_factory=dict)
    #: For a cached module: its names after linking, as an earlier run linked them.
    linked: dict[str, str] | None = None
    #: The functions its hook registrations make per-step code, in order.
    hooks: list[tuple[str, Hot]] = field(default_factory=list)
    #: For the index cache: the SHA-256 of its text and its name from the package layout.
    sha: str = ""
    dotted: str = ""


def package_root(path: Path) -> tuple[Path, str]:
    """The directory on sys.path for `path` and its dotted module name: walk up while
    the directory is a package (has `__init__.py`)."""
    path = path.resolve()
    parts = [path.stem] if path.name != "__init__.py" else []
    directory = path.parent
    while (directory / "__init__.py").is_file() and directory.parent != directory:
        parts.insert(0, directory.name)
        directory = directory.parent
    return directory, ".".join(parts) or path.parent.name


class Project:
    """The index of a set of files and the summaries of their functions."""

    def __init__(self) -> None:
        self.modules: dict[str, _Module] = {}
        self.by_file: dict[str, _Module] = {}
        self.functions: dict[str, _Function] = {}
        self.classes: dict[str, _Class] = {}
        self.summaries: dict[str, Summary] = {}
        self._hooks: dict[str, Hot] = {}
        self._views: dict[str, FileView] = {}
        self._defined: dict[str, list[str]] | None = None
        self._callees: dict[str, set[str]] = {}
        #: Per caller, the kinds its calls pass to project functions (last evaluation).
        self._call_arguments: dict[str, list[tuple[str, dict[str, Kind] | None]]] = {}
        #: Files indexed from their syntax tree in this run (the rest came from the
        #: index cache): what tests observe to know a warm run re-indexed one file only.
        self.parsed_files: list[str] = []
        #: The index cache's record of evaluations: it replays those whose inputs are
        #: unchanged and records this run's; None without a cache.
        self.memo: EvaluationMemo | None = None
        self._prepared = False

    # -- indexing -------------------------------------------------------------------------
    def add_source(self, filename: str, text: str, module: str | None = None,
                   tree: ast.Module | None = None,
                   indexed: tuple[dict[str, str], list[ast.Call]] | None = None) -> bool:
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
                       default_device="set_default_device" in text)
        self.modules[module] = info
        self.by_file[filename] = info
        self.parsed_files.append(filename)
        self._index_module(info, indexed)
        info.text = ""  # indexed: a large tree's sources need not stay in memory
        return True

    def unique_name(self, module: str) -> str:
        """The name the next added module gets: two scripts with one name stay apart."""
        return f"{module}@{len(self.modules)}" if module in self.modules else module

    def _index_module(self, module: _Module,
                      indexed: tuple[dict[str, str], list[ast.Call]] | None = None) -> None:
        assert module.tree is not None
        module.imports, module.registrations = indexed if indexed is not None else \
            module_imports(module.tree, module.name, module.filename, module.text)
        self._index_body(module, module.tree.body, (), None)
        module.defined = dict(module.names)

    def _index_body(self, module: _Module, body: list[ast.stmt], scope: tuple[str, ...],
                    class_key: str | None) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                qualname = ".".join((*scope, node.name))
                key = f"{module.name}:{qualname}"
                args = node.args
                positional = [a.arg for a in (*args.posonlyargs, *args.args)]
                is_method = class_key is not None and not any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
                if is_method and positional:
                    positional = positional[1:]
                annotations = {a.arg: a.annotation for a in
                               (*args.posonlyargs, *args.args, *args.kwonlyargs)}
                self.functions[key] = _Function(key, module, node, qualname, class_key,
                                                tuple(positional), annotations)
                if class_key is not None:
                    self.classes[class_key].methods[node.name] = key
                elif not scope:
                    module.names[node.name] = key
                self._index_body(module, node.body, (*scope, node.name), None)
            elif isinstance(node, ast.ClassDef):
                qualname = ".".join((*scope, node.name))
                key = f"{module.name}:{qualname}"
                bases = [name for name in (_dotted(b) for b in node.bases) if name]
                self.classes[key] = _Class(key, module, node, bases)
                if not scope:
                    module.names[node.name] = key
                self._index_body(module, node.body, (*scope, node.name), key)
            elif isinstance(node, (ast.If, ast.Try, ast.With)) and not scope:
                # Definitions under `if TYPE_CHECKING:` / `try: import` at module level.
                for part in ("body", "orelse", "finalbody"):
                    self._index_body(module, getattr(node, part, []), scope, class_key)
                for handler in getattr(node, "handlers", []):
                    self._index_body(module, handler.body, scope, class_key)

    # -- resolution of names across modules --------------------------------------------
    def _link(self) -> None:
        # In order: a module linked earlier shows the modules after it its imported
        # names too (a cached module gets its earlier links at the same turn).
        for module in self.modules.values():
            if module.linked is not None:
                module.names = dict(module.linked)
                continue
            for local, target in module.imports.items():
                key = self._target_key(target)
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
            target = nested if nested in self.modules else f"{target}:{part}"
        if target in self.modules:
            return target
        if ":" not in target:
            return self._target_key(target)
        return target

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
        """Link names and find per-step entry points (once; `analyse` does it first):
        the index cache compares a changed module's links with its record here."""
        if self._prepared:
            return
        self._prepared = True
        self._link()
        self._find_registered_hooks()
        for key, function in self.functions.items():
            if function.definition is not None:
                function.entry = self._class_entry(function)
            self.summaries[key] = Summary(key, _display(function), params=function.params,
                                          hot=self._hooks.get(key) or function.entry)

    def analyse(self) -> None:
        """Link names, find per-step entry points and compute every summary."""
        self.prepare()
        # Ordered (dicts, not sets): the order callers are queued in must not depend on
        # string hashing, which differs between processes; the index cache replays it.
        callers: dict[str, dict[str, None]] = {}
        attribute_readers: dict[str, dict[str, None]] = {}
        work = list(self.functions)
        queued = set(work)
        rounds = 0
        while work and rounds < MAX_ROUNDS * max(1, len(self.functions)):
            rounds += 1
            key = work.pop(0)
            queued.discard(key)
            function = self.functions[key]
            evaluated = self._evaluate(function)
            summary = evaluated.summary
            self._callees[key] = set(evaluated.callees)
            self._call_arguments[key] = [
                (callee, None if filled is None else dict(filled))
                for callee, filled in evaluated.call_arguments]
            for callee in evaluated.callees:
                callers.setdefault(callee, {})[key] = None
            for owner in evaluated.attribute_reads:
                attribute_readers.setdefault(owner, {})[key] = None
            changed_attributes = self._merge_attributes(function, evaluated)
            if changed_attributes and self.memo is not None:
                self.memo.attributes_changed(changed_attributes)
            old = self.summaries[key]
            if summary != old:
                self.summaries[key] = summary
                for caller in callers.get(key, ()):
                    if caller not in queued:
                        queued.add(caller)
                        work.append(caller)
            for owner in changed_attributes:
                for reader in attribute_readers.get(owner, ()):
                    if reader not in queued:
                        queued.add(reader)
                        work.append(reader)
        self._find_cold_functions(callers)
        self._find_host_params()

    def _find_cold_functions(self, callers: Mapping[str, dict[str, None]]) -> None:
        """Mark functions cold by role (`roles.py`), then private helpers whose every
        project caller is cold, to a fixed point. Per-step code is never cold."""
        cold: dict[str, str] = {}
        for key, function in self.functions.items():
            if self.summaries[key].hot is not None:
                continue
            name = function.name
            reason = module_role(function.module.name) or function_role(name)
            if reason is None and function.class_key is not None:
                cls = self.classes[function.class_key]
                names = [c.name for c in self._mro(cls.key)] + self._externals(cls.key)
                reason = class_role(name, cls.name, names)
            elif reason is None and "." not in function.qualname:
                reason = module_function_role(name, function.module.name)
            if reason is not None:
                cold[key] = reason
        changed = True
        while changed:
            changed = False
            for key, function in self.functions.items():
                name = function.name
                if key in cold or not name.startswith("_") or name.endswith("__") \
                        or self.summaries[key].hot is not None:
                    continue
                calling = callers.get(key)
                if calling and all(c in cold for c in calling):
                    first = min(calling)
                    cold[key] = (f"`{name}` is only called from cold code "
                                 f"(`{self.summaries[first].display}`)")
                    changed = True
        for key, reason in cold.items():
            self.summaries[key] = replace(self.summaries[key], cold=reason)

    def _find_host_params(self) -> None:
        """Functions whose every project call passes host values for a parameter: their
        body runs on those (set-up helpers fed NumPy arrays, typed `Tensor`). For a public
        function, calls from test code do not count, and there must be another call."""
        passed: dict[str, dict[str, list[Kind]]] = {}
        passed_to: dict[str, set[str]] = {}
        opaque: set[str] = set()
        calls: dict[str, int] = {}
        for caller, arguments in self._call_arguments.items():
            calling = self.functions.get(caller)
            from_tests = calling is not None and module_role(calling.module.name) is not None
            for callee, filled in arguments:
                passed_to.setdefault(callee, set()).update(
                    ("*",) if filled is None else filled)
                if from_tests and _public(self.functions.get(callee)):
                    continue
                calls[callee] = calls.get(callee, 0) + 1
                if filled is None:
                    opaque.add(callee)
                    continue
                for name, kind in filled.items():
                    passed.setdefault(callee, {}).setdefault(name, []).append(kind)
        for callee, count in calls.items():
            function = self.functions.get(callee)
            name = function.name if function is not None else ""
            if callee in opaque or not name or name.startswith("__"):
                continue
            host: list[tuple[str, Kind]] = []
            for param, kinds in passed.get(callee, {}).items():
                if len(kinds) != count or not all(k in _HOST_ARGUMENTS for k in kinds):
                    continue  # some call leaves it to its default or passes another kind
                kind = kinds[0] if all(k == kinds[0] for k in kinds) else (
                    HOST if all(k is HOST for k in kinds) else HOST_TENSOR)
                host.append((param, kind))
            if host:
                summary = self.summaries[callee]
                self.summaries[callee] = replace(summary, host_params=tuple(sorted(host)))
        for callee, names in passed_to.items():
            if callee in self.summaries:
                self.summaries[callee] = replace(self.summaries[callee],
                                                 passed=tuple(sorted(names)))

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
            hot = self.summaries[function.key].hot
            if evaluated.summary.hot != hot:
                evaluated = replace(evaluated, summary=replace(evaluated.summary, hot=hot))
        else:
            evaluated = self.evaluate_afresh(function)
        if memo is not None:
            memo.remember(self, function, evaluated)
        return evaluated

    def evaluate_afresh(self, function: _Function) -> Evaluated:
        """One evaluation of `function` (which has its syntax tree) in the state now."""
        evaluation = _Evaluation(self, function)
        summary = evaluation.run()
        return Evaluated(summary, tuple(sorted(evaluation.callees)),
                         tuple(sorted(evaluation.attribute_reads)),
                         tuple(sorted(evaluation.self_kinds.items(), key=_first)),
                         tuple(sorted(evaluation.self_classes.items())),
                         tuple((callee, None if filled is None else
                                tuple(sorted(filled.items(), key=_first)))
                               for callee, filled in evaluation.call_arguments))

    def _merge_attributes(self, function: _Function, evaluation: Evaluated) -> set[str]:
        """Attribute kinds assigned through `self` in this method; the classes changed."""
        changed: set[str] = set()
        if function.class_key is None:
            return changed
        cls = self.classes[function.class_key]
        for name, kind in evaluation.self_kinds:
            kind = _bounded(kind)
            old = cls.attributes.get(name)
            new = kind if old is None else _join_attribute(old, kind)
            if new != old:
                cls.attributes[name] = new
                changed.add(cls.key)
        for name, class_key in evaluation.self_classes:
            if cls.attribute_classes.get(name) != class_key:
                cls.attribute_classes[name] = class_key
                changed.add(cls.key)
        return changed

    def _class_entry(self, function: _Function) -> Hot | None:
        """Per-step code by its class's library role (`knowledge.step_role`): a Lightning
        step hook, `forward`, `Optimizer.step`, a `Trainer`'s `compute_loss`, a
        `Metric.update`, a TorchRL env's `_step` ..."""
        role = self._role(function)
        if role is None:
            return None
        node = function.node
        return Hot(role.reason, Site(function.module.filename, node.lineno, node.col_offset + 1,
                                     role.reason))

    def _role(self, function: _Function) -> knowledge.Role | None:
        if function.class_key is None:
            return None
        return knowledge.step_role(function.name, tuple(self._externals(function.class_key)))

    def _find_registered_hooks(self) -> None:
        functions_of: dict[str, list[_Function]] = {}
        for function in self.functions.values():
            functions_of.setdefault(function.module.name, []).append(function)
        for module in self.modules.values():
            if module.tree is not None:  # else: cached, found by an earlier run
                module.hooks = []
                for node in module.registrations:
                    registering = _innermost(functions_of.get(module.name, []), node.lineno)
                    if registering is not None:
                        found = self._registration(registering, node)
                        if found is not None:
                            module.hooks.append(found)
                module.hooks.extend(self._decorated_hooks(
                    module, functions_of.get(module.name, [])))
            for key, hot in module.hooks:
                self._hooks.setdefault(key, hot)

    def _registration(self, function: _Function, node: ast.Call) -> tuple[str, Hot] | None:
        name = _last(node.func)
        dotted = _dotted(node.func)
        registrar = knowledge.registrar(
            name, self._qualify(function.module, dotted) if dotted is not None else None)
        if registrar is None or registrar.position < 0 or len(node.args) <= registrar.position:
            return None
        if registrar.event_position is not None and not _per_step_event(
                node.args[registrar.event_position] if len(node.args) >
                registrar.event_position else None):
            return None
        position, when = registrar.position, registrar.when
        target = node.args[position]
        if isinstance(target, ast.Call) and _dotted(target.func) in (
                "partial", "functools.partial") and target.args:
            target = target.args[0]
        dotted = _dotted(target)
        if dotted is None:
            return None
        key = self._callable_key(function, dotted)
        if key is None or key not in self.functions:
            return None
        display = _display(self.functions[key])
        reason = registrar.reason.format(name=display) if registrar.reason else \
            f"`{display}` is a hook: runs on {when}"
        return key, Hot(reason, Site(function.module.filename, node.lineno,
                                     node.col_offset + 1, f"registered with `{name}` here"))

    def _decorated_hooks(self, module: _Module, functions: list[_Function]
                         ) -> Iterator[tuple[str, Hot]]:
        """Handlers a decorator registers to run per step: ignite's
        `@trainer.on(Events.ITERATION_COMPLETED)`."""
        if "ignite" not in library.roots_of(module.imports.values()):
            return
        for function in functions:
            for decorator in function.node.decorator_list:
                if not (isinstance(decorator, ast.Call) and _last(decorator.func) == "on"):
                    continue
                registrar = knowledge.registrar("on", None)
                if registrar is None or registrar.event_position is None or \
                        len(decorator.args) <= registrar.event_position or \
                        not _per_step_event(decorator.args[registrar.event_position]):
                    continue
                reason = registrar.reason.format(name=_display(function)) if \
                    registrar.reason else f"`{_display(function)}` is a hook: runs on " \
                    f"{registrar.when}"
                yield function.key, Hot(reason, Site(
                    module.filename, decorator.lineno, decorator.col_offset + 1,
                    "registered with `on` here"))

    def _callable_key(self, function: _Function, dotted: str) -> str | None:
        parts = dotted.split(".")
        if parts[0] in ("self", "cls") and function.class_key is not None and len(parts) == 2:
            for cls in self._mro(function.class_key):
                if parts[1] in cls.methods:
                    return cls.methods[parts[1]]
            return None
        if len(parts) == 1:
            nested = f"{function.key}.{dotted}"
            if nested in self.functions:
                return nested
        return self._name_key(function.module, dotted)

    # -- views ----------------------------------------------------------------------------
    def view(self, filename: str) -> FileView | None:
        """What `filename` may ask of the project (None when it was not indexed): its own
        definitions, what it imports (one module deep: summaries are transitive already)
        and the classes those reach through bases and attributes."""
        cached = self._views.get(filename)
        if cached is not None:
            return cached
        module = self.by_file.get(filename)
        if module is None:
            return None
        if self._defined is None:
            self._defined = {}
            for key in (*self.functions, *self.classes):
                self._defined.setdefault(key.split(":", 1)[0], []).append(key)
        defined = self._defined
        summaries: dict[str, Summary] = {}
        classes: dict[str, ClassView] = {}
        modules: set[str] = set()
        pending = list(defined.get(module.name, ()))
        for target in module.names.values():
            if target in self.modules:
                modules.add(target)
                pending.extend(defined.get(target, ()))
            else:
                pending.append(target)
        seen: set[str] = set()
        while pending:
            key = pending.pop()
            if key in seen:
                continue
            seen.add(key)
            if key in self.summaries:
                summaries[key] = self.summaries[key]
            elif key in self.classes:
                cls = self.classes[key]
                classes[key] = ClassView(key, tuple(cls.bases), dict(cls.methods),
                                         dict(cls.attributes), dict(cls.attribute_classes),
                                         self.is_lightning(key), self.is_nn_module(key),
                                         tuple(self._externals(key)))
                pending.extend(cls.bases)
                pending.extend(cls.methods.values())
                pending.extend(cls.attribute_classes.values())
        needed: set[str] = set()
        for key in defined.get(module.name, ()):
            summary = self.summaries.get(key)
            if summary is None:
                continue
            if summary.hot is not None:
                needed.update((SYNC_READ, SYNC_TEST, SYNC_SHAPE, "SYN106"))
            for callee in self._callees.get(key, ()):
                called = self.summaries.get(callee)
                if called is not None:
                    if _holds_tensors(called.returns):
                        needed.add(TENSOR_VALUES)
                    needed.update(effect.code for effect in called.syncs)
                    needed.update(p.effect.code for p in called.param_effects)
        names = dict(module.names)
        digest = hashlib.sha256(repr((module.name, sorted(names.items()),
                                      sorted(summaries.items()), sorted(classes.items()),
                                      sorted(modules))).encode("utf-8", "surrogatepass")
                                ).hexdigest()
        view = FileView(filename, module.name, names, summaries, classes,
                        frozenset(modules), digest, frozenset(needed))
        self._views[filename] = view
        return view


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


def build_project_for_paths(paths: Iterable[str],
                            display: Callable[[str], str] = lambda path: path,
                            cache_dir: Path | None = None) -> Project:
    """Index the checked files and what they import from their own trees (a single
    checked file brings the modules it imports along). Files are known to the project
    by `display(path)`, the name findings show. With `cache_dir` (the results cache
    directory) the index is kept there, and a warm run parses only what changed."""
    from synclint.analysis.index_cache import IndexStore, build

    with no_cyclic_gc():
        return build(paths, display, IndexStore(cache_dir) if cache_dir is not None else None)


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


def parse_module(text: str, filename: str) -> ast.Module | None:
    """The syntax tree of one file, or None when it does not parse."""
    try:
        return ast.parse(text, filename)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def module_imports(tree: ast.Module, name: str, filename: str, text: str,
                   ) -> tuple[dict[str, str], list[ast.Call]]:
    """A module's imports (local name -> absolute dotted target) and hook registrations."""
    imports: dict[str, str] = {}
    registrations: list[ast.Call] = []
    package = name.rsplit(".", 1)[0] if "." in name else ""
    if filename.endswith("__init__.py"):
        package = name
    # Imports are statements: a walk over statements only (not expressions) finds
    # them, also inside functions. Hook registrations are calls, so only statements on
    # lines that mention one are walked in full.
    hook_lines = {text.count("\n", 0, match.start()) + 1
                  for pattern in (_REGISTRATION, _QUALIFIED_REGISTRATION)
                  for match in pattern.finditer(text)}
    for node in _all_statements(tree.body):
        if hook_lines and not isinstance(node, _COMPOUND) and any(
                line in hook_lines for line in range(node.lineno, (node.end_lineno or
                                                                   node.lineno) + 1)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and _last(inner.func) in HOOK_REGISTRARS:
                    registrations.append(inner)
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    imports[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    imports[top] = top
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".") if package else []
                if node.level > 1:
                    parent = parent[: len(parent) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                if alias.name != "*":
                    imports[alias.asname or alias.name] = f"{base}.{alias.name}"
    return imports, registrations


def _first(pair: tuple[str, Kind]) -> str:
    return pair[0]


def _decode(data: bytes) -> str | None:
    """Source bytes as text for the index (the rules' reader reports undecodable files)."""
    try:
        from synclint.files_io import decode_source

        return decode_source("", data).text
    except Exception:  # noqa: BLE001 - any unreadable file is simply not indexed
        return None


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _module_file(root: Path, dotted: str) -> str | None:
    if not dotted or dotted.split(".")[0] in ("torch", "numpy", "lightning", "os", "sys"):
        return None
    base = root.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return str(candidate)
    return None


# --- evaluation of one function ----------------------------------------------------------
#: A value as the evaluation sees it: its kind and the parameter it derives from, if any.
Value = tuple[Kind, int | None]
_UNKNOWN_VALUE: Value = (UNKNOWN, None)
#: Methods that may put a tensor on another device than the one it was on.
_DEVICE_MOVES = frozenset({"to", "cuda", "xpu", "npu", "hpu", "mps", "mtia", "ipu", "type",
                           "to_device", "move_to"})
#: Kinds of arguments that never live on an accelerator.
_HOST_ARGUMENTS = (HOST, HOST_TENSOR, NUMPY)
#: The bindings along one path: names, names bound to `None`, `self.<attr>` kinds.
_State = tuple[dict[str, Value], frozenset[str], dict[str, Kind]]


class _Evaluation:
    """One pass over a function body with the current summaries of its callees."""

    def __init__(self, project: Project, function: _Function) -> None:
        self.project = project
        self.function = function
        self.module = function.module
        self.env: dict[str, Value] = {}
        self.callees: set[str] = set()
        #: Each call of a project function: the callee and the kind of each parameter it
        #: fills (None when `*args`/`**kwargs` hide which).
        self.call_arguments: list[tuple[str, dict[str, Kind] | None]] = []
        self.attribute_reads: set[str] = set()
        self.self_kinds: dict[str, Kind] = {}
        self.self_classes: dict[str, str] = {}
        self.syncs: dict[str, Effect] = {}
        self.param_effects: dict[tuple[int, str], ParamEffect] = {}
        self.returns: list[Kind] = []
        self.return_params: list[int | None] = []
        #: Parameters a value derived from is moved to a device (`.to(device)`, `.cuda()`).
        self.moved_params: set[int] = set()
        #: Lengths of the tuple displays returned (`return a, b`): checks the annotation.
        self.tuple_returns: set[int] = set()
        self.conditional = 0
        self.cold = 0
        #: Names whose current value is the literal `None` (a placeholder a branch fills).
        self.nones: set[str] = set()
        #: `torch.set_default_device` in the file: factories without `device=` may make
        #: accelerator tensors.
        self.default_device = function.module.default_device
        #: One frame per `if` branch being evaluated (see `infer.Branch`).
        self.branches: list[Branch] = []
        args = function.node.args
        positional = [a.arg for a in (*args.posonlyargs, *args.args)]
        offset = len(positional) - len(function.params)
        #: What the framework passes the unannotated parameters of a per-step method.
        self.param_kinds = _role_params(
            knowledge.step_role(function.name, self.self_bases)
            if function.name in knowledge.ROLE_NAMES and self.self_bases else None, function)
        for index, name in enumerate(positional):
            annotation = function.annotations.get(name)
            kind = UNKNOWN if annotation is None else self._annotation(annotation) if name in (
                "self", "cls") else self._parameter(annotation)
            if annotation is None:
                kind = self.param_kinds.get(name, kind)
            param = index - offset if index >= offset else None
            self.env[name] = (kind, param)
        for arg in args.kwonlyargs:
            annotation = function.annotations.get(arg.arg)
            self.env[arg.arg] = (self._parameter(annotation) if annotation is not None
                                 else UNKNOWN, None)
        #: Parameters of a constructor still bound to their default CPU device
        #: (`def __init__(self, device="cpu")`: the states it makes live on the CPU).
        self.cpu_devices = set() if function.name != "__init__" else {
            arg.arg for arg, default in (
                *zip(reversed(positional_args(args)), reversed(args.defaults)),
                *zip(args.kwonlyargs, args.kw_defaults))
            if default is not None and _is_cpu(default)}

    def run(self) -> Summary:
        self._statements(self.function.node.body)
        returns: Kind = UNKNOWN
        if self.returns:
            returns = self.returns[0]
            for kind in self.returns[1:]:
                returns = join(returns, kind)
        annotation = self.function.node.returns
        if annotation is not None:
            declared = self._annotation(annotation, unions=False)
            wrong = bool(self.tuple_returns) and (declared in TENSORS or (
                isinstance(declared, Tup) and self.tuple_returns != {len(declared.items)}))
            if declared is not UNKNOWN and not wrong:
                # `-> torch.Tensor` on a function that returns `a, b, c, d` somewhere is
                # a wrong annotation: unpacking its result must not make four tensors.
                returns = _on_host_where_proved(declared, returns)
        returns = _bounded(returns)
        old = self.project.summaries.get(self.function.key)
        params = set(self.return_params)
        returns_from = params.pop() if len(params) == 1 else None
        if returns_from in self.moved_params:
            returns_from = None
        return Summary(self.function.key, _display(self.function), returns,
                       tuple(self.syncs[code] for code in sorted(self.syncs)),
                       tuple(self.param_effects[k] for k in sorted(self.param_effects)),
                       old.hot if old is not None else None, self.function.params,
                       returns_from=returns_from,
                       param_kinds=tuple(sorted(self.param_kinds.items(), key=_first)))

    # -- statements ---------------------------------------------------------------------
    def _statements(self, body: list[ast.stmt]) -> None:
        # The rest of a block after `if not self.debug: return`, and the tail of a body
        # that only runs on the way to a `raise`, are cold (`cold.py` for LibCST).
        start = _cold_from(body, body is self.function.node.body)
        for index, statement in enumerate(body):
            if index == start:
                self.cold += 1
            self._statement(statement)
        if start < len(body):
            self.cold -= 1

    def _statement(self, node: ast.stmt) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return  # their own summaries
        if isinstance(node, ast.Assign):
            value = self.expr(node.value)
            for target in node.targets:
                if isinstance(target, ast.Name) and self.branches:
                    self._prove_tensor(target.id, node.value, value[0])
                self._bind(target, value, node.value)
            # Placeholders (`x = None`, `xs = []`, `a, b = [], []`) a branch or appends fill.
            self.nones.update(_placeholders(node.targets, node.value))
        elif isinstance(node, ast.AnnAssign):
            kind = self._annotation(node.annotation)
            value = self.expr(node.value) if node.value is not None else _UNKNOWN_VALUE
            if kind is not UNKNOWN:
                value = (kind, value[1])
            self._bind(node.target, value, node.value)
        elif isinstance(node, ast.AugAssign):
            value = self.expr(node.value)
            if isinstance(node.target, ast.Name):
                old = self.env.get(node.target.id, _UNKNOWN_VALUE)
                if self.branches:
                    if old[0] is UNKNOWN and value[0] in DEVICE_TENSORS:
                        self._prove_tensor(node.target.id, None, value[0])  # `x &= mask`
                    self.branches[-1].rebound.add(node.target.id)
                self.env[node.target.id] = (_combine(old[0], value[0]), old[1])
            else:
                self.expr(node.target)
        elif isinstance(node, ast.Return):
            if node.value is not None and not (isinstance(node.value, ast.Constant)
                                               and node.value.value is None):
                returned = node.value
                if isinstance(returned, ast.Tuple) and len(returned.elts) > 1 and \
                        not any(isinstance(e, ast.Starred) for e in returned.elts):
                    # `return alpha_t, sigma_t`: each item may come from the same parameter.
                    items = [self.expr(e) for e in returned.elts]
                    self.returns.append(Tup(tuple(item[0] for item in items)))
                    self.tuple_returns.add(len(returned.elts))
                    sources = {item[1] for item in items}
                    source = sources.pop() if len(sources) == 1 else None
                    self.return_params.append(source if all(
                        item[0] in TENSORS or item[0] is UNKNOWN for item in items) else None)
                else:
                    value = self.expr(returned)
                    self.returns.append(value[0])
                    self.return_params.append(
                        value[1] if value[0] in TENSORS or value[0] is UNKNOWN else None)
        elif isinstance(node, ast.Expr):
            self.expr(node.value)
            call = node.value
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and \
                    call.func.attr == "append" and isinstance(call.func.value, ast.Name) and \
                    len(call.args) == 1 and not call.keywords and \
                    not isinstance(call.args[0], ast.Starred):
                self._append(call.func.value.id, self.expr(call.args[0])[0])
        elif isinstance(node, ast.If):
            self._test(node.test)
            cold_body = _always_raises(node.body)
            self.conditional += 1
            self.cold += cold_body
            # Flow-sensitive: after the `if`, a name (or `self.<attr>`) holds what either
            # branch left, merged; a branch that returns or raises leaves nothing.
            before = self._state()
            self.branches.append(Branch(0))
            self._statements(node.body)
            body = close_branch(self.branches)
            self.cold -= cold_body
            after_body = None if _ends_abruptly(node.body) else self._state()
            self._restore(before)
            self.branches.append(Branch(0))
            self._statements(node.orelse)
            orelse = close_branch(self.branches)
            after_else = None if node.orelse and _ends_abruptly(node.orelse) else self._state()
            self.conditional -= 1
            if after_body is not None or after_else is not None:
                self._merge_paths(after_body, after_else, (body, orelse))
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            iterable = self.expr(node.iter)
            self._bind(node.target, (elem_of(iterable[0]), None), None)
            self._statements(node.body)
            self.conditional += 1
            self._statements(node.orelse)
            self.conditional -= 1
        elif isinstance(node, ast.While):
            self._test(node.test)
            self._statements(node.body)
            self.conditional += 1
            self._statements(node.orelse)
            self.conditional -= 1
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.expr(item.context_expr)
                if item.optional_vars is not None:
                    self._bind(item.optional_vars, _UNKNOWN_VALUE, None)
            self._statements(node.body)
        elif isinstance(node, ast.Try):
            self._statements(node.body)
            self.conditional += 1
            for handler in node.handlers:
                self._statements(handler.body)
            self._statements(node.orelse)
            self.conditional -= 1
            self._statements(node.finalbody)
        elif isinstance(node, ast.Assert):
            self._test(node.test)
            # The message is evaluated at most once, on failure: cold.
        elif isinstance(node, ast.Raise):
            pass  # cold
        elif hasattr(ast, "Match") and isinstance(node, ast.Match):
            self.expr(node.subject)
            self.conditional += 1
            for case in node.cases:
                self._statements(case.body)
            self.conditional -= 1

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
        return dict(self.env), frozenset(self.nones), dict(self.self_kinds)

    def _restore(self, state: _State) -> None:
        self.env, self.nones, self.self_kinds = dict(state[0]), set(state[1]), dict(state[2])

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
        env: dict[str, Value] = {}
        nones: set[str] = set()
        for name in first[0].keys() | second[0].keys():
            a, b = first[0].get(name), second[0].get(name)
            if a is None or (name in first[1] and b is not None):
                assert b is not None
                env[name] = b
                if name in second[1]:
                    nones.add(name)
            elif b is None or name in second[1]:
                env[name] = a
                if name in first[1]:
                    nones.add(name)
            else:
                left, right = a[0], b[0]
                if branches is not None and left is not right and UNKNOWN in (left, right):
                    left, right = proved_kinds(name, left, right, branches)
                env[name] = (merge(left, right), a[1] if a[1] is not None else b[1])
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
        self.env, self.nones, self.self_kinds = env, nones, attributes

    def _bind(self, target: ast.expr, value: Value, source: ast.expr | None) -> None:
        if isinstance(target, ast.Name):
            self.env[target.id] = value
            self.nones.discard(target.id)
            self.cpu_devices.discard(target.id)
            if self.branches:
                self.branches[-1].rebound.add(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for index, element in enumerate(target.elts):
                if isinstance(element, ast.Starred):
                    self._bind(element.value, (Seq(elem_of(value[0])), None), None)
                else:
                    self._bind(element, (item_of(value[0], index), value[1]), None)
        elif isinstance(target, ast.Attribute) and _is_self(target.value):
            kind = value[0]
            if kind is not UNKNOWN and not (isinstance(source, ast.Constant)
                                            and source.value is None):
                # The last assignment on a path wins: `self.sigmas = ...` then
                # `self.sigmas = self.sigmas.to("cpu")` leaves a CPU tensor; the class
                # joins what each method leaves.
                self.self_kinds[target.attr] = kind
            if isinstance(source, ast.Call):
                dotted = _dotted(source.func)
                if dotted is not None:
                    key = self.project._name_key(self.module, dotted)
                    if key is not None and key in self.project.classes:
                        self.self_classes[target.attr] = key
        elif isinstance(target, ast.Subscript):
            self.expr(target.value)

    # -- effects --------------------------------------------------------------------------
    def _effect(self, code: str, node: ast.AST, message: str, value: Value,
                strength: str | None = None, likely: bool = False) -> None:
        """Record a sync on `value` at `node`: unconditional, or through a parameter."""
        if self.cold:
            return
        site = Site(self.module.filename, getattr(node, "lineno", 0),
                    getattr(node, "col_offset", 0) + 1, message)
        effect = Effect(code, (site,), likely)
        self._add(effect, value, strength)

    def _add(self, effect: Effect, value: Value, strength: str | None) -> None:
        """Keep the first sync per rule made on every call (not under an `if`, an
        exception handler or a loop's `else`): unconditional, or on a parameter."""
        if self.conditional:
            return
        kind, param = value
        if param is not None and strength is not None:
            name = self.function.params[param] if param < len(self.function.params) else "?"
            key = (param, effect.code)
            if key not in self.param_effects:
                self.param_effects[key] = ParamEffect(param, name, strength, effect)
            return
        if param is not None or effect.code in self.syncs or effect.likely:
            # A callee's `.item()` on a value nobody proved a tensor is not enough to
            # report its callers (state-dict conversion reads CPU tensors that way).
            return
        self.syncs[effect.code] = effect

    def _test(self, node: ast.expr) -> None:
        """A truth test: `if`, `while`, `assert`, `not`, boolean operands."""
        operands = node.values if isinstance(node, ast.BoolOp) else [node]
        for operand in operands:
            if isinstance(operand, ast.UnaryOp) and isinstance(operand.op, ast.Not):
                operand = operand.operand
            value = self.expr(operand)
            kind, param = value
            if kind in DEVICE_TENSORS:
                self._effect(SYNC_TEST, operand, "a tensor tested as a Python bool", value,
                             "tensor")
            elif kind is UNKNOWN and param is not None and _is_comparison(operand) and \
                    self._compares_a_parameter(operand):
                self._effect(SYNC_TEST, operand, "a tensor tested as a Python bool", value,
                             "value")

    def _compares_a_parameter(self, node: ast.expr) -> bool:
        """`x > 0` where `x` is a parameter itself (not a method result or attribute of
        one, whose kind is anybody's guess)."""
        assert isinstance(node, ast.Compare)
        return any(isinstance(operand, ast.Name) and operand.id in self.function.params
                   for operand in (node.left, *node.comparators))

    # -- expressions --------------------------------------------------------------------
    def expr(self, node: ast.expr | None) -> Value:
        if node is None:
            return _UNKNOWN_VALUE
        method: Callable[[_Evaluation, Any], Value] | None = _EXPRESSIONS.get(type(node))
        if method is None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.expr(child)
            return _UNKNOWN_VALUE
        return method(self, node)

    def _name(self, node: ast.Name) -> Value:
        value = self.env.get(node.id)
        if value is not None:
            return value
        if node.id in ("True", "False", "None"):
            return (HOST, None)
        return _UNKNOWN_VALUE

    def _constant(self, node: ast.Constant) -> Value:
        return (HOST, None)

    def _attribute(self, node: ast.Attribute) -> Value:
        if _is_self(node.value):
            owner = self.function.class_key
            assigned = self.self_kinds.get(node.attr)
            if assigned is not None:
                return (assigned, None)  # set earlier in this method
            if owner is not None:
                self.attribute_reads.add(owner)
                for cls in self.project._mro(owner):
                    kind = cls.attributes.get(node.attr)
                    if kind is not None:
                        return (kind, None)
            known = library.attribute_result(UNKNOWN, node.attr, name="self",
                                             self_bases=self.self_bases) \
                if node.attr in knowledge.ATTRIBUTE_NAMES else None
            return (known, None) if known is not None else _UNKNOWN_VALUE
        dotted = _dotted(node)
        if dotted is not None and self._qualified(dotted).startswith("torch."):
            return (HOST, None)
        base = self.expr(node.value)
        known = library.attribute_result(base[0], node.attr, name=library.ast_name(node.value),
                                         roots=self.roots)
        if known is not None:
            return (known, None)
        if isinstance(base[0], Instance):
            # `scheduler.sigmas` of a parameter annotated `scheduler: Scheduler`: the
            # attribute's kind in that class, as `self.sigmas` has in its methods.
            self.attribute_reads.add(base[0].cls)
            for cls in self.project._mro(base[0].cls):
                kind = cls.attributes.get(node.attr)
                if kind is not None:
                    return (kind, None)
            return _UNKNOWN_VALUE
        if node.attr == "grad":
            return (TENSOR, base[1])
        if node.attr in HOST_ATTRIBUTES or node.attr in ("shape", "dtype", "device", "ndim"):
            return (HOST, None)
        if base[0] in TENSORS and node.attr in TENSOR_ATTRIBUTES:
            return base
        if isinstance(base[0], MappingKind) and base[0].value in (HOST_TENSOR, NUMPY):
            return (base[0].value, None)  # `inputs.attention_mask` of a tokenizer's output
        return _UNKNOWN_VALUE

    def _subscript(self, node: ast.Subscript) -> Value:
        base = self.expr(node.value)
        index = self.expr(node.slice)
        kind = base[0]
        if isinstance(kind, Instance):
            item = library.item_result(kind, library.ast_key(node), index[0])
            return (item, None) if item is not None else _UNKNOWN_VALUE
        if kind in TENSORS:
            if index[0] is BOOL_TENSOR and kind in DEVICE_TENSORS:
                self._effect(SYNC_SHAPE, node, "boolean-mask indexing", base, "tensor")
            return (BOOL_TENSOR if kind is BOOL_TENSOR else kind, base[1])
        position = node.slice.value if isinstance(node.slice, ast.Constant) else None
        if isinstance(kind, (Seq, Tup, MappingKind)):
            return (item_of(kind, position if isinstance(position, int) else None), None)
        return (HOST, None) if kind is HOST else _UNKNOWN_VALUE

    def _compare(self, node: ast.Compare) -> Value:
        values = [self.expr(node.left)] + [self.expr(c) for c in node.comparators]
        if any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops):
            return (HOST, None)
        if any(isinstance(c, ast.Constant) and isinstance(c.value, str)
               for c in [node.left, *node.comparators]):
            return (HOST, None)
        kinds = [v[0] for v in values]
        param = next((v[1] for v in values if v[1] is not None), None)
        if any(k in DEVICE_TENSORS for k in kinds):
            return (BOOL_TENSOR, param)
        if all(k is HOST for k in kinds):
            return (HOST, None)
        if any(k is HOST_TENSOR for k in kinds):
            return (HOST_TENSOR, None)  # a CPU tensor compared: a CPU mask
        if any(k is NUMPY for k in kinds):
            return (NUMPY, None)
        return (UNKNOWN, param)

    def _binop(self, node: ast.BinOp) -> Value:
        left, right = self.expr(node.left), self.expr(node.right)
        param = left[1] if left[1] is not None else right[1]
        kind = _combine(left[0], right[0])
        if isinstance(node.op, (ast.BitAnd, ast.BitOr)) and BOOL_TENSOR in (left[0], right[0]):
            kind = BOOL_TENSOR
        return (kind, param if kind in TENSORS or kind is UNKNOWN else None)

    def _unary(self, node: ast.UnaryOp) -> Value:
        if isinstance(node.op, ast.Not):
            self._test(node.operand)
            return (HOST, None)
        return self.expr(node.operand)

    def _boolop(self, node: ast.BoolOp) -> Value:
        values = [self.expr(v) for v in node.values]
        kind = values[0][0]
        for value in values[1:]:
            kind = join(kind, value[0])
        return (kind, None)

    def _ifexp(self, node: ast.IfExp) -> Value:
        self._test(node.test)
        return (join(self.expr(node.body)[0], self.expr(node.orelse)[0]), None)

    def _sequence(self, node: ast.List | ast.Set) -> Value:
        kinds = [self.expr(e)[0] for e in node.elts]
        kind = kinds[0] if kinds else UNKNOWN
        for other in kinds[1:]:
            kind = join(kind, other)
        return (Seq(kind), None)

    def _tuple(self, node: ast.Tuple) -> Value:
        return (Tup(tuple(self.expr(e)[0] for e in node.elts)), None)

    def _dict(self, node: ast.Dict) -> Value:
        keys = [self.expr(k)[0] for k in node.keys if k is not None]
        values = [self.expr(v)[0] for v in node.values]
        key_kind = keys[0] if keys else UNKNOWN
        value_kind = values[0] if values else UNKNOWN
        for other in keys[1:]:
            key_kind = join(key_kind, other)
        for other in values[1:]:
            value_kind = join(value_kind, other)
        return (MappingKind(key_kind, value_kind), None)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
                       ) -> Value:
        saved = dict(self.env)
        for generator in node.generators:
            iterable = self.expr(generator.iter)
            self._bind(generator.target, (elem_of(iterable[0]), None), None)
            self.conditional += 1
            for condition in generator.ifs:
                self._test(condition)
            self.conditional -= 1
        if isinstance(node, ast.DictComp):
            result: Value = (MappingKind(self.expr(node.key)[0], self.expr(node.value)[0]), None)
        else:
            result = (Seq(self.expr(node.elt)[0]), None)
        self.env = saved
        return result

    def _lambda(self, node: ast.Lambda) -> Value:
        return _UNKNOWN_VALUE

    def _named(self, node: ast.NamedExpr) -> Value:
        value = self.expr(node.value)
        self._bind(node.target, value, node.value)
        return value

    def _joined(self, node: ast.JoinedStr) -> Value:
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                value = self.expr(part.value)
                if value[0] in DEVICE_TENSORS:
                    self._effect(SYNC_READ, part.value, "a tensor formatted in an f-string",
                                 value, "tensor")
                elif value[0] is UNKNOWN and value[1] is not None:
                    self._effect(SYNC_READ, part.value, "a value formatted in an f-string",
                                 value, "value")
        return (HOST, None)

    # -- calls ------------------------------------------------------------------------------
    def _call(self, node: ast.Call) -> Value:
        func = node.func
        dotted = _dotted(func)
        if dotted is not None:
            key = self._project_callee(dotted)
            if key is not None:
                return self._project_call(node, key)
            built = self._project_instance(node, dotted)
            if built is not None:
                return built
            qualified = self._qualified(dotted)
            if knowledge.knows_call(qualified):
                found = self._library_call(node, qualified)
                if found is not None:
                    return found
            if qualified.startswith("torch.") or qualified == "torch":
                return self._torch_call(node, qualified)
            if qualified.startswith("numpy.") or qualified.startswith("math."):
                values = [self.expr(arg) for arg in node.args]
                if qualified.startswith(SYNC_MODULES):
                    self._reads(node, f"`{qualified}()` of a tensor", values)
                return (NUMPY if qualified.startswith("numpy.") else HOST, None)
        returned = library.ast_return_tensors(node, self._qualified)
        if returned is not None:
            for arg in node.args:
                self.expr(arg)
            return (returned, None)
        if isinstance(func, ast.Name) and func.id in self.env and (
                self.env[func.id][0] is MODULE or isinstance(self.env[func.id][0], Instance)):
            return self._called(node, self.env[func.id][0])
        if (library.calls_tensordicts(self.roots) and node.args
                and self.expr(node.args[0])[0] == TENSORDICT) or (
                    library.ast_name(func) in knowledge.HINT_NAMES and
                    (not isinstance(func, ast.Name) or func.id in self.env)):
            return self._called(node, UNKNOWN)  # `td = policy(td)`, `stopping_criteria(...)`
        if isinstance(func, ast.Name):
            return self._builtin(node, func.id)
        if isinstance(func, ast.Attribute) and self.expr(func)[0] is MODULE:
            return self._called(node, MODULE)  # calling a module runs its forward
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

    # -- library knowledge (`library.py`): the one place this reading asks the tables -------
    def _library_call(self, node: ast.Call, qualified: str) -> Value | None:
        """A call of a library function or class (`accelerator = Accelerator()`,
        `dist.all_gather_object(out, loss)`), or None when the tables know nothing."""
        values = [self.expr(arg) for arg in node.args]
        for keyword in node.keywords:
            self.expr(keyword.value)
        syncs = knowledge.call_syncs(qualified)
        if syncs:
            self._reads(node, f"`{qualified}()` {syncs}", values)
        found = library.call_result(
            qualified, lambda: [v[0] for v in values],
            lambda: library.ast_device(node, _is_cpu))
        return (found, None) if found is not None else None

    def _project_instance(self, node: ast.Call, dotted: str) -> Value | None:
        """`pid = StepController(...)`: an instance of a project class, whose methods and
        attributes are the class's (`pid.propose_step(error)` is resolved)."""
        if dotted.split(".", 1)[0] in self.env:
            return None
        key = self.project._name_key(self.module, dotted)
        if key is None or key not in self.project.classes:
            return None
        for arg in node.args:
            self.expr(arg)
        for keyword in node.keywords:
            self.expr(keyword.value)
        return (Instance(key), None)

    def _called(self, node: ast.Call, called: Kind) -> Value:
        """Calling a module (its forward: a tensor) or a library object."""
        values = [self.expr(arg) for arg in node.args]
        for keyword in node.keywords:
            self.expr(keyword.value)
        found = library.called_result(called, [v[0] for v in values],
                                      name=library.ast_name(node.func), roots=self.roots)
        if found is not None:
            return (found, None)
        return (TENSOR, None) if called is MODULE else _UNKNOWN_VALUE

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

    @functools.cached_property
    def self_bases(self) -> tuple[str, ...]:
        """The qualified library bases of the method's class (`library.py`)."""
        key = self.function.class_key
        return tuple(self.project._externals(key)) if key is not None else ()

    @functools.cached_property
    def roots(self) -> frozenset[str]:
        """The file's top-level imports (where a receiver's name says what it is)."""
        return library.roots_of(self.module.imports.values())

    def _cpu(self, node: ast.expr | None) -> bool:
        """A literal CPU device, or a parameter still bound to its default CPU device."""
        return _is_cpu(node) or (isinstance(node, ast.Name) and node.id in self.cpu_devices)

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
        if source is not None and source < len(args) and args[source][0] in _HOST_ARGUMENTS:
            # Computed from the CPU tensor (or the Python number) passed in.
            return (on_host(summary.returns), None)
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
        tensors = _tensor_inputs([a[0] for a in args])
        on_host = "device" not in keywords and (
            (bool(tensors) and all(k is HOST_TENSOR for k in tensors))
            # `torch.div(n, 2, rounding_mode="floor")` of Python numbers: a CPU tensor.
            or (bool(args) and all(a[0] is HOST for a in args) and not self.default_device))
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
            if (device is None and not self.default_device) or self._cpu(device_node):
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
        state = self._state_registration(node, method)
        if state is not None:
            return state
        found = self._library_method(node, method, kind, args)
        if found is not None:
            return found
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
            elif unknown and param is not None:
                # `.tolist()`, `.to("cpu")` of a parameter: a sync when a caller passes a
                # device tensor.
                self._effect(SYNC_READ, node, what, receiver, "value")
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
            if method == "get" and len(args) == 2:
                default = library.get_with_default(kind, args[1][0])
                if default is not None:
                    return (default, None)
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
            if method == "get" and len(args) == 2:
                default = library.get_with_default(kind, args[1][0])
                if default is not None:
                    return (default, None)
            # An unknown method of a parameter: still derived from it (`x.mean()`).
            return (UNKNOWN, param) if kind is UNKNOWN else _UNKNOWN_VALUE
        if method in SHAPE_SYNC_METHODS:
            self._effect(SYNC_SHAPE, node, f"`.{method}()`",
                         receiver if param is not None else (TENSOR, None), "tensor")
            return (TENSOR, param)
        if method in HOST_METHODS:
            return (HOST, None)
        if kind is HOST_TENSOR and (method not in ("cuda", "to") or _casts_only(node)):
            return (HOST_TENSOR, None)
        if method in BOOL_RESULTS:
            return (BOOL_TENSOR, param)
        if method in ("split", "chunk", "unbind"):
            return (Seq(TENSOR), param)
        if method == "double":
            return (F64_TENSOR, param)
        return (TENSOR, param)

    # -- helpers ------------------------------------------------------------------------
    def _qualified(self, dotted: str) -> str:
        head, _, rest = dotted.partition(".")
        full = self.module.imports.get(head)
        if full is None:
            return dotted if head == "torch" else f"?{dotted}"
        return f"{full}.{rest}" if rest else full

    def _parameter(self, node: ast.expr) -> Kind:
        """A parameter's kind from its annotation: as `_annotation` reads it, or an
        instance of the project class it names (`scheduler: Scheduler | None`)."""
        kind = self._annotation(node)
        if kind is not UNKNOWN:
            return kind
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            parsed = _parse_annotation(node.value)
            return self._parameter(parsed) if parsed is not None else UNKNOWN
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            if _is_none(node.left):
                return self._parameter(node.right)
            if _is_none(node.right):
                return self._parameter(node.left)
            return UNKNOWN
        if isinstance(node, ast.Subscript) and (_dotted(node.value) or "").rsplit(".", 1)[-1] \
                == "Optional":
            return self._parameter(node.slice)
        dotted = _dotted(node)
        key = self.project._name_key(self.module, dotted) if dotted is not None else None
        if key is not None and key in self.project.classes:
            return Instance(key)
        return UNKNOWN

    def _annotation(self, node: ast.expr | None, unions: bool = True) -> Kind:
        if node is None:
            return UNKNOWN
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            parsed = _parse_annotation(node.value)
            return self._annotation(parsed, unions) if parsed is not None else UNKNOWN
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            left, right = self._annotation(node.left, unions), self._annotation(node.right,
                                                                             unions)
            if _is_none(node.left):
                return right
            if _is_none(node.right):
                return left
            union = library.union((left, right)) if unions else None
            return union if union is not None else join(left, right)
        if isinstance(node, ast.Subscript):
            base = _dotted(node.value) or ""
            base = base.rsplit(".", 1)[-1]
            inner_nodes = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            inner = [self._annotation(n, unions) for n in inner_nodes]
            if base in ("Optional", "Final", "Annotated") and inner:
                return inner[0]
            if base == "Union" and inner:
                real = [k for k, n in zip(inner, inner_nodes) if not _is_none(n)]
                union = library.union(real) if unions else None
                if union is not None:
                    return union
                if len(real) == 1:
                    return real[0]
            ellipsis = any(isinstance(n, ast.Constant) and n.value is Ellipsis
                           for n in inner_nodes)
            if base in ("tuple", "Tuple") and len(inner) > 1 and not ellipsis:
                return Tup(tuple(inner))  # tuple[Tensor, Tensor, int]
            if base in ("list", "List", "Sequence", "Iterable", "Iterator", "tuple", "Tuple",
                        "set", "Set") and inner:
                kinds = [kind for kind, n in zip(inner, inner_nodes)
                         if not (isinstance(n, ast.Constant) and n.value is Ellipsis)]
                element = kinds[0] if kinds else UNKNOWN
                for other in kinds[1:]:
                    element = join(element, other)
                return Seq(element)
            if base in ("dict", "Dict", "Mapping", "MutableMapping") and len(inner) == 2:
                return MappingKind(inner[0], inner[1])
            return UNKNOWN
        dotted = _dotted(node)
        if dotted is None:
            return UNKNOWN
        qualified = self._qualified(dotted)
        if qualified in ("torch.Tensor", "torch.nn.Parameter", "torch.nn.parameter.Parameter",
                         "torch.FloatTensor"):
            return TENSOR
        if qualified in ("torch.nn.Module",):
            return MODULE
        if dotted in ("int", "float", "bool", "str"):
            return HOST
        found = knowledge.annotation_kind(qualified)
        return found if found is not None else UNKNOWN


def _role_params(role: knowledge.Role | None, function: _Function) -> dict[str, Kind]:
    """The kinds a framework passes a per-step method's parameters, for those without an
    annotation (`compute_loss(self, model, inputs)`: a module and a batch of tensors)."""
    if role is None:
        return {}
    return {name: kind for name, kind in zip(function.params, role.params)
            if kind is not UNKNOWN and function.annotations.get(name) is None}


def argument_syncs(kind: Kind, strength: str, torch_file: bool) -> str | None:
    """Whether an argument of `kind` makes a parameter effect of `strength` happen:
    "high", "likely" or None."""
    if kind in DEVICE_TENSORS:
        return "high"
    if kind is UNKNOWN and strength == "tensor":
        return "likely"
    # `.item()` on an unknown argument: state-dict conversion and config code call such
    # helpers with CPU tensors or NumPy values; only a proven device tensor counts.
    return None


_EXPRESSIONS: dict[type, Callable[[_Evaluation, Any], Value]] = {
    ast.Name: _Evaluation._name,
    ast.Constant: _Evaluation._constant,
    ast.Attribute: _Evaluation._attribute,
    ast.Subscript: _Evaluation._subscript,
    ast.Compare: _Evaluation._compare,
    ast.BinOp: _Evaluation._binop,
    ast.UnaryOp: _Evaluation._unary,
    ast.BoolOp: _Evaluation._boolop,
    ast.IfExp: _Evaluation._ifexp,
    ast.List: _Evaluation._sequence,
    ast.Set: _Evaluation._sequence,
    ast.Tuple: _Evaluation._tuple,
    ast.Dict: _Evaluation._dict,
    ast.ListComp: _Evaluation._comprehension,
    ast.SetComp: _Evaluation._comprehension,
    ast.GeneratorExp: _Evaluation._comprehension,
    ast.DictComp: _Evaluation._comprehension,
    ast.Lambda: _Evaluation._lambda,
    ast.NamedExpr: _Evaluation._named,
    ast.JoinedStr: _Evaluation._joined,
    ast.Call: _Evaluation._call,
}


# --- small helpers -----------------------------------------------------------------------
def _dotted(node: ast.AST) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


_REGISTRATION = re.compile(
    r"\.(?:" + "|".join(k for k, r in HOOK_REGISTRARS.items() if not r.qualified) + r")\(")
#: Registrations by a qualified name (ignite's `Engine(f)`, `DeterministicEngine(f)`).
_QUALIFIED_REGISTRATION = re.compile(
    "|".join(re.escape(k) for k, r in HOOK_REGISTRARS.items() if r.qualified) + r"\(")
#: Statements with bodies: walking one in full would walk everything under it.
_COMPOUND = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For,
             ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try)


def _all_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement, nested ones included (function and class bodies too)."""
    stack = list(reversed(body))
    while stack:
        node = stack.pop()
        yield node
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(node, name, None)
            if inner:
                stack.extend(reversed(inner))
        for handler in getattr(node, "handlers", ()):
            stack.extend(reversed(handler.body))
        for case in getattr(node, "cases", ()):
            stack.extend(reversed(case.body))


@functools.lru_cache(maxsize=4096)
def _parse_annotation(text: str) -> ast.expr | None:
    try:
        return ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _holds_tensors(kind: Kind) -> bool:
    if kind in TENSORS:
        return True
    if isinstance(kind, Seq):
        return _holds_tensors(kind.elem)
    if isinstance(kind, Tup):
        return any(_holds_tensors(item) for item in kind.items)
    if isinstance(kind, MappingKind):
        return _holds_tensors(kind.value)
    return False


def _innermost(functions: list[_Function], line: int) -> _Function | None:
    """The innermost function whose lines hold `line`."""
    best: _Function | None = None
    for function in functions:
        node = function.node
        end = node.end_lineno or node.lineno
        if node.lineno <= line <= end and (best is None or node.lineno >= best.node.lineno):
            best = function
    return best


def _display(function: _Function) -> str:
    if function.definition is None:
        return function.display
    if function.class_key is not None:
        owner = function.class_key.split(":", 1)[1].rsplit(".", 1)[-1]
        return f"{owner}.{function.node.name}"
    return function.node.name


def _uses_as_tensor(value: ast.expr, name: str, qualified: Callable[[str], str]) -> bool:
    """`value` (already known to be a device tensor) applies a tensor op to `name`: an
    operator with it as an operand, a method chain that starts at it, or a torch function
    (not a factory, which takes data) taking it; the ast form of `infer.uses_as_tensor`."""
    if isinstance(value, ast.BinOp):
        # `_combine` makes a device tensor of an unknown operand only with a device one.
        return any(isinstance(side, ast.Name) and side.id == name
                   for side in (value.left, value.right))
    if not isinstance(value, ast.Call):
        return False
    dotted = _dotted(value.func)
    full = qualified(dotted) if dotted is not None else ""
    if full.startswith("torch."):
        last = full.rsplit(".", 1)[1]
        if last in TORCH_FACTORIES or last in HOST_MEMORY_FUNCTIONS or last.endswith("_like") \
                or last in ("as_tensor", "asarray", "tensor"):
            return False
        for arg in value.args:
            items = arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]
            if any(isinstance(item, ast.Name) and item.id == name for item in items):
                return True
        return False
    node: ast.expr = value.func
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return isinstance(value.func, ast.Attribute) and isinstance(node, ast.Name) and \
        node.id == name


def _last(node: ast.AST) -> str:
    """The name a called expression ends in (`register_hook`, `Engine`), or ""."""
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _per_step_event(node: ast.AST | None) -> bool:
    """An ignite event that fires once per iteration (`Events.ITERATION_COMPLETED`); with
    arguments (`Events.ITERATION_COMPLETED(every=100)`) it is periodic."""
    called = isinstance(node, ast.Call)
    if isinstance(node, ast.Call):
        node = node.func
    return node is not None and knowledge.per_step_event(_last(node) or None, called)


def _public(function: _Function | None) -> bool:
    return function is not None and not function.name.startswith("_")


def positional_args(args: ast.arguments) -> list[ast.arg]:
    return [*args.posonlyargs, *args.args]


def _is_self(node: ast.AST) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _is_comparison(node: ast.AST) -> bool:
    return isinstance(node, ast.Compare) and not any(
        isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in node.ops)


def _is_cpu(node: ast.AST | None) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.split(":")[0] == "cpu"
    if isinstance(node, ast.Call) and node.args:
        return _is_cpu(node.args[0])
    return False


def _to_cpu(node: ast.Call) -> bool:
    for keyword in node.keywords:
        if keyword.arg == "non_blocking" and not (
                isinstance(keyword.value, ast.Constant) and keyword.value.value is False):
            return False
    first = node.args[0] if node.args else next(
        (k.value for k in node.keywords if k.arg == "device"), None)
    return _is_cpu(first)


def _tensor_inputs(kinds: list[Kind]) -> list[Kind]:
    """The tensors among a torch op's inputs, elements of lists and tuples included
    (`torch.cat((a, b))`)."""
    flat: list[Kind] = []
    for kind in kinds:
        if kind in TENSORS:
            flat.append(kind)
        elif isinstance(kind, Seq):
            flat.append(kind.elem)
        elif isinstance(kind, Tup):
            # `torch.cat((a, b))`; not the Python numbers of `F.pad(x, (0, 1))`.
            flat.extend(item for item in kind.items if item is not HOST)
    return flat


def _casts_only(node: ast.Call) -> bool:
    """`.to(x.dtype)`, `.to(dtype=torch.float32)`: a cast that keeps the device."""
    if not node.args and not node.keywords:
        return False
    for arg in node.args:
        dotted = _dotted(arg) or ""
        last = dotted.rsplit(".", 1)[-1]
        if not (last == "dtype" or last in DTYPE_NAMES and dotted.startswith("torch.")):
            return False
    return all(k.arg in ("dtype", "non_blocking", "copy", "memory_format")
               for k in node.keywords)


def _on_host_where_proved(declared: Kind, inferred: Kind) -> Kind:
    """A return annotation, except where the code proves a CPU tensor: `torch.Tensor` in an
    annotation says what the value is, not where it lives."""
    if declared in TENSORS and inferred is HOST_TENSOR:
        return HOST_TENSOR
    if isinstance(declared, Tup) and isinstance(inferred, Tup) and \
            len(declared.items) == len(inferred.items):
        return Tup(tuple(_on_host_where_proved(d, i)
                         for d, i in zip(declared.items, inferred.items)))
    if isinstance(declared, Seq) and isinstance(inferred, Seq):
        return Seq(_on_host_where_proved(declared.elem, inferred.elem))
    return declared


def _ends_abruptly(body: list[ast.stmt]) -> bool:
    """The block never falls through: it ends in return, raise, continue or break, or in
    an `if` all of whose branches do."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.If):
        return _ends_abruptly(last.body) and _ends_abruptly(last.orelse)
    return isinstance(last, (ast.Return, ast.Raise, ast.Continue, ast.Break))


def _is_placeholder(node: ast.expr) -> bool:
    return _is_none(node) or (isinstance(node, ast.List) and not node.elts)


def _placeholders(targets: list[ast.expr], value: ast.expr) -> Iterator[str]:
    """Names an assignment binds to a placeholder: `x = None`, `xs = []`, and each name
    of `a, b = [], []`."""
    for target in targets:
        if isinstance(target, ast.Name) and _is_placeholder(value):
            yield target.id
        elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, ast.Tuple) \
                and len(target.elts) == len(value.elts):
            for element, part in zip(target.elts, value.elts):
                if isinstance(element, ast.Name) and _is_placeholder(part):
                    yield element.id


def _cold_from(body: list[ast.stmt], function_body: bool) -> int:
    """Where a block's cold part starts (`len(body)`: none): after an `if not <debug
    flag>: return`, or, in a function body that ends in `raise`, after the last statement
    that can return."""
    for index, statement in enumerate(body):
        if isinstance(statement, ast.If) and not statement.orelse and \
                isinstance(statement.test, ast.UnaryOp) and \
                isinstance(statement.test.op, ast.Not) and \
                is_debug_flag(_last(statement.test.operand)) and statement.body and \
                isinstance(statement.body[-1], (ast.Return, ast.Continue, ast.Break)):
            return index + 1
    if function_body and _always_raises(body):
        returning = [i for i, statement in enumerate(body) if any(
            isinstance(node, ast.Return) for node in _walk_statement(statement))]
        if returning:
            return returning[-1] + 1
    return len(body)


def _walk_statement(statement: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of a statement, outside nested functions and classes."""
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                      ast.Lambda, ast.expr)):
                stack.append(child)


def _always_raises(body: list[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Raise)


#: How deep containers of containers are tracked: recursion (`return [f(x)]`) would
#: otherwise build ever deeper kinds and never reach a fixed point.
MAX_KIND_DEPTH = 3


def _bounded(kind: Kind, depth: int = 0) -> Kind:
    if depth >= MAX_KIND_DEPTH:
        return UNKNOWN if isinstance(kind, (Seq, Tup, MappingKind)) else kind
    if isinstance(kind, Seq):
        return Seq(_bounded(kind.elem, depth + 1))
    if isinstance(kind, Tup):
        return Tup(tuple(_bounded(item, depth + 1) for item in kind.items[:8]))
    if isinstance(kind, MappingKind):
        return MappingKind(_bounded(kind.key, depth + 1), _bounded(kind.value, depth + 1))
    return kind


def _combine(left: Kind, right: Kind) -> Kind:
    kinds = (left, right)
    if any(k in DEVICE_TENSORS for k in kinds):
        return TENSOR
    if HOST_TENSOR in kinds:
        return HOST_TENSOR
    if NUMPY in kinds:
        return NUMPY
    if left is HOST and right is HOST:
        return HOST
    return UNKNOWN


def _join_attribute(old: Kind, new: Kind) -> Kind:
    """Attributes: a tensor that is sometimes on the host and sometimes not may be on the
    device (a buffer moved with the module, a CPU zero replaced by a device sum)."""
    if old == new:
        return old
    if old in TENSORS and new in TENSORS:
        return TENSOR
    return join(old, new)


def _is_lightning_base(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    head = name.split(".", 1)[0]
    if last == "LightningModule":
        return True
    return last == "Callback" and head in ("lightning", "pytorch_lightning")
