"""The index of one module, from `ast`: its definitions, imports, classes and hook
registrations, before any name is linked across modules."""

from __future__ import annotations

import ast
import functools
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from synclint import knowledge
from synclint.analysis.compiled import ModuleFacts
from synclint.analysis.kinds import (
    Kind,
)
from synclint.model.data_files import data_module
from synclint.model.sketch import Sketch
from synclint.model.summaries import Hot, Summary
from synclint.model.syntax import _dotted as _dotted_name
from synclint.model.syntax import _last, children, plain_data

if TYPE_CHECKING:
    from synclint.model.project import Project


#: Registrations whose callable then runs per step (torch's hooks, ignite's `Engine(f)`
#: and event handlers): the call's last name -> the registrar (`knowledge.REGISTRARS`).
HOOK_REGISTRARS = knowledge.REGISTRARS
#: Source bytes of imported, unchecked modules the index may always read.
MIN_IMPORTED_BYTES = 1_000_000

# --- building ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Evaluated:
    """What one evaluation of a function found: what the fixed point reads back, and
    what the index cache records to replay it."""

    summary: Summary
    callees: tuple[str, ...]
    #: Classes whose attribute kinds it read.
    attribute_reads: tuple[str, ...]
    #: `self.<name>` kinds it assigned (their classes are links: `schedule.py`).
    self_kinds: tuple[tuple[str, Kind], ...]
    #: The kinds its calls pass to project functions, per call (None: not known).
    call_arguments: tuple[tuple[str, tuple[tuple[str, Kind], ...] | None], ...] = ()
    #: The names each function defined in it sees from it (a closure), per function.
    closures: tuple[tuple[str, tuple[tuple[str, Kind], ...]], ...] = ()
    #: `self.<name>` it assigns an unannotated parameter (`self._x2 = x2`).
    reassigned: tuple[str, ...] = ()
    #: Whether any expression of it evaluated to a tensor or a container of tensors
    #: (`Flow.tensors`); True where not known.
    tensors: bool = True
    #: The project functions it calls only in cold code or under periodic guards
    #: (`callers.find_cold_functions`).
    rare_calls: tuple[str, ...] = ()
    #: The attributes it read that no class of the owner's MRO has a kind for yet
    #: (class key, name): "nothing yet" while a writer has not run (`project._solve`).
    missing: tuple[tuple[str, str], ...] = ()


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
    #: What its evaluations may read (`schedule.static_reads`): the project functions it
    #: may call and the classes whose attribute kinds it may read; and whether it
    #: assigns attributes of its own class. Known once the project is linked.
    calls: tuple[str, ...] = ()
    reads: tuple[str, ...] = ()
    writes: bool = False
    #: The attributes of `self` its text may assign, where it `writes` (`project.
    #: _may_assign`): a reader of one waits for it (`project._waits`).
    assigns: tuple[str, ...] = ()
    #: What its text says it may read (known while the module's text is; `Sketch`).
    sketch: Sketch = Sketch()
    #: Whether its body may put a value on a device (`Summary.moves_any`), once walked.
    moves_any: bool | None = None
    #: The attributes it reads of its unannotated parameters (`duck.uses`), once walked.
    duck_uses: tuple[tuple[str, tuple[str, ...]], ...] | None = None
    #: Its local modules built by a call and never moved (`local_modules.py`), once asked.
    unmoved_locals: dict[str, list[ast.Call]] | None = None
    #: Its param-group names and the locals that hold settings (`settings.local_settings`),
    #: once asked.
    settings: tuple[frozenset[str], frozenset[str]] | None = None

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
    #: Its properties: name -> how the getter (`methods[name]`) runs at a read
    #: (`properties.PROPERTY`, `properties.CACHED`).
    properties: dict[str, str] = field(default_factory=dict)
    #: Attributes some method assigns a value of unknown kind (never a CPU tensor alone).
    reassigned: set[str] = field(default_factory=set)
    #: Its methods that only declare themselves (`dispatch.is_abstract`), and for each,
    #: the methods its project subclasses run instead (`dispatch.link_overrides`).
    abstract: tuple[str, ...] = ()
    overrides: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: The literal defaults its body gives its fields (`defaults.class_defaults`).
    defaults: dict[str, str] = field(default_factory=dict)

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
    #: local name -> absolute dotted target ("pkg.helpers.to_float", "torch.nn"); a
    #: module `import a.b` loads is there under its dotted name too (`a.b` -> "a.b").
    imports: dict[str, str] = field(default_factory=dict)
    #: local name -> what an `except ImportError:` imports under it instead, when the
    #: `try` body imports it too (`module_imports`); linking reads them.
    fallbacks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    torch: bool = False
    #: It calls `torch.set_default_device`: factories without `device=` may make device
    #: tensors (kept as a flag: the text is dropped once the module is indexed).
    default_device: bool = False
    #: Its text names `param_groups` (`param_groups.py`; True where not known).
    param_groups: bool = True
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
    #: What it compiles, disables and which Dynamo flags it sets (`analysis/compiled.py`).
    compile: ModuleFacts | None = None
    #: The dotted names its code may resolve to a project definition (those starting
    #: with a name it defines or imports), for the views (`views.py`: `resolved`); None
    #: until first asked (`module_chains`: only checked files' views ask, and a lint
    #: worker forked from the model asks for its own files, in parallel).
    chains: tuple[str, ...] | None = ()
    #: The names `chains` start with, as indexing found them.
    chain_heads: tuple[str, ...] = ()
    #: What its own code binds its names to, as its functions see them (`module_globals`).
    globals: dict[str, Kind] = field(default_factory=dict)
    #: Its type aliases: name -> the annotation's text (`aliases.py`).
    aliases: dict[str, str] = field(default_factory=dict)
    #: The numbers of the lines that name `numpy` (`numpy_lines`; None: not found yet).
    numpy_lines: tuple[int, ...] | None = None
    #: The numbers of the lines that call `.to(` or `.cuda(` (`move_lines`).
    move_lines: tuple[int, ...] | None = None
    #: The argparse options it declares, with their defaults (None: no one default), and
    #: the attributes its text reads of an options holder (`model/options.py`).
    options: tuple[tuple[str, str | None], ...] = ()
    option_reads: tuple[str, ...] = ()
    #: The options holders its module-level code binds only by `parse_args()`.
    option_holders: tuple[str, ...] = ()


#: The line ends `ast` numbers lines by.
_LINE_END = re.compile(r"\r\n?|\n")


def numpy_lines(module: _Module) -> tuple[int, ...] | None:
    """The lines of `module` that name `numpy`, where an `x.numpy()` call can be (found
    once, while its text is known), or None when its text is not (a cached module)."""
    if module.numpy_lines is None and module.text:
        module.numpy_lines = tuple(number for number, line in
                                   enumerate(_LINE_END.split(module.text), 1)
                                   if "numpy" in line) if "numpy" in module.text else ()
    return module.numpy_lines


def move_lines(module: _Module) -> tuple[int, ...] | None:
    """The lines of `module` that call `.to(` or `.cuda(`, where a value can be moved to a
    device (found once, while its text is known), or None when its text is not."""
    if module.move_lines is None and module.text:
        text = module.text
        module.move_lines = tuple(
            number for number, line in enumerate(_LINE_END.split(text), 1)
            if ".to(" in line or ".cuda(" in line) if ".to(" in text or ".cuda(" in text \
            else ()
    return module.move_lines


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

def parse_module(text: str, filename: str) -> ast.Module | None:
    """The syntax tree of one file, or None when it does not parse. A large file that
    only assigns data gets a stand-in tree (`data_files.py`)."""
    stand_in = data_module(text, filename)
    if stand_in is not None:
        return stand_in
    try:
        return ast.parse(text, filename)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


#: A module's imports (local name -> absolute dotted target), its hook registrations and
#: its import fallbacks (local name -> the targets an `except ImportError:` binds it to).
Imports = tuple[dict[str, str], list[ast.Call], dict[str, tuple[str, ...]]]


def module_imports(tree: ast.Module, name: str, filename: str, text: str) -> Imports:
    """A module's imports, hook registrations and import fallbacks (`Imports`)."""
    imports: dict[str, str] = {}
    registrations: list[ast.Call] = []
    fallbacks: dict[str, tuple[str, ...]] = {}
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
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.update(_bound(node, package))
        elif isinstance(node, _TRY) and any(_catches_import_error(h) for h in node.handlers):
            _add_fallbacks(node, package, fallbacks)
    # The statements of a `try` come after its handlers' (`_all_statements`): its body's
    # import is the one `imports` keeps, as it is the one that runs when it succeeds.
    return imports, registrations, fallbacks


def _bound(node: ast.Import | ast.ImportFrom, package: str) -> Iterator[tuple[str, str]]:
    """The names an import statement binds, each with its absolute dotted target."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.asname:
                yield alias.asname, alias.name
            else:
                # `import a.b.c` binds `a` and loads `a.b` and `a.b.c`, which its code
                # then names `a.b.c`: each loaded module is kept under its own dotted
                # name (no bare name can shadow one), so that the index reads it and a
                # file's view holds its definitions.
                parts = alias.name.split(".")
                for end in range(1, len(parts) + 1):
                    dotted = ".".join(parts[:end])
                    yield dotted, dotted
        return
    base = node.module or ""
    if node.level:
        parent = package.split(".") if package else []
        if node.level > 1:
            parent = parent[: len(parent) - (node.level - 1)]
        base = ".".join([*parent, base] if base else parent)
    for alias in node.names:
        if alias.name != "*":
            yield alias.asname or alias.name, f"{base}.{alias.name}"


def _add_fallbacks(node: ast.Try | ast.TryStar, package: str,
                   fallbacks: dict[str, tuple[str, ...]]) -> None:
    """`try: from fast import read` / `except ImportError: from helpers import read`:
    the handlers' targets of each name the body imports too, in order."""
    handled = [pair for handler in node.handlers if _catches_import_error(handler)
               for statement in _all_statements(handler.body)
               if isinstance(statement, (ast.Import, ast.ImportFrom))
               for pair in _bound(statement, package)]
    if not handled:
        return  # (most handlers import nothing: the body need not be walked again)
    tried = {local: target for statement in _all_statements(node.body)
             if isinstance(statement, (ast.Import, ast.ImportFrom))
             for local, target in _bound(statement, package)}
    for local, target in handled:
        if local in tried and target != tried[local] and target not in fallbacks.get(local, ()):
            fallbacks[local] = (*fallbacks.get(local, ()), target)


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    """A handler a failed import reaches: a bare `except:`, or one that names
    `ImportError`, `ModuleNotFoundError`, `Exception` or `BaseException`."""
    if handler.type is None:
        return True
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(_last(name) in _IMPORT_ERRORS for name in names)


_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})
_TRY = (ast.Try, *((ast.TryStar,) if hasattr(ast, "TryStar") else ()))


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


def display_name(function: _Function) -> str:
    """The name findings and summaries show for the function (`Model.forward`)."""
    if function.definition is None:
        return function.display
    if function.class_key is not None:
        owner = function.class_key.split(":", 1)[1].rsplit(".", 1)[-1]
        return f"{owner}.{function.node.name}"
    return function.node.name


def module_chains(module: _Module) -> tuple[str, ...]:
    """`module.chains`, found in its tree the first time it is asked for."""
    if module.chains is None:
        assert module.tree is not None, "a module read from the index cache has its chains"
        module.chains = name_chains(module.tree, module.chain_heads)
    return module.chains


def name_chains(tree: ast.Module, heads: Iterable[str]) -> tuple[str, ...]:
    """The dotted names (`a`, `a.b.c`) in `tree` whose first part is one of `heads`,
    each once, in order; string annotations included."""
    wanted = set(heads)
    found: dict[str, None] = {}
    stack: list[ast.AST] = [tree]
    pop, push = stack.pop, stack.extend
    while stack:
        node = pop()
        kind = type(node)
        if kind is ast.Name:  # the commonest node: tested first, and a leaf
            if node.id in wanted:  # type: ignore[attr-defined]
                found[node.id] = None  # type: ignore[attr-defined]
            continue
        if kind is ast.Attribute:
            dotted = _dotted_name(node)
            if dotted is not None:
                # `a.b.c` and its prefixes `a.b`, `a`, in the order a walk meets them
                # (the chain below holds nothing else: no need to walk it).
                if dotted.partition(".")[0] in wanted:
                    while True:
                        found[dotted] = None
                        dotted, dot, _ = dotted.rpartition(".")
                        if not dot:
                            break
                continue
        elif kind is ast.Constant:  # a leaf; a string may be an annotation
            value = node.value  # type: ignore[attr-defined]
            if isinstance(value, str) and len(value) < 200 and \
                    value.partition(".")[0].partition("[")[0] in wanted:
                _annotation_chains(value, wanted, found)
            continue
        elif kind in _DATA and plain_data(node):
            continue  # constants only: no name (and no annotation) in it
        push(children(node))
    return tuple(found)


#: The displays `plain_data` may find to be data.
_DATA = frozenset({ast.List, ast.Tuple, ast.Set, ast.Dict})


def _annotation_chains(text: str, wanted: set[str], found: dict[str, None]) -> None:
    """The dotted names with a wanted first part in the annotation `text`, into `found`."""
    parsed = _parse_annotation(text)
    if parsed is not None:
        for inner in ast.walk(parsed):
            if isinstance(inner, (ast.Name, ast.Attribute)):
                dotted = _dotted_name(inner)
                if dotted is not None and dotted.partition(".")[0] in wanted:
                    found[dotted] = None


def pseudo_function(module: _Module, name: str, body: list[ast.stmt]) -> _Function:
    """Statements that are not a function's (a module's, a class body's) as a function
    of no parameters named `name` ("<module>"), to evaluate like one."""
    arguments = ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[],
                              kw_defaults=[], kwarg=None, defaults=[])
    definition = ast.FunctionDef(name=name, args=arguments, body=body, decorator_list=[],
                                 returns=None, type_comment=None, lineno=1, col_offset=0)
    return _Function(f"{module.name}:{name}", module, definition, name, None, (), {})
