"""Compiled regions: the code `torch.compile` runs, and the Dynamo flags the project sets.

Two steps. While a module is indexed, `module_facts` reads its syntax tree once for what
compiles (`@torch.compile`, `torch.compile(f)`, `torch.compile(model)`,
`model.compile()`), what opts out (`torch.compiler.disable`, `torch._dynamo.disable`) and
the Dynamo flags it sets (`torch._dynamo.config.X = ...`, `torch._dynamo.config.patch`).
The facts are plain frozen data, so the index cache keeps them with the module.

After the call graph is known, `find_regions` turns them into regions over the whole
project: a compiled function, or a compiled module's `forward`, and every project
function they call (across modules, through `self.<attribute>` submodules too), except
the disabled ones and what only they reach. It reads the project through the small
`RegionIndex` interface; `ProjectIndex` adapts the whole-program index to it.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from synclint.knowledge.dynamo import FLAGS

COMPILE = frozenset({"torch.compile"})
DISABLE = frozenset({"torch.compiler.disable", "torch._dynamo.disable"})
_CONFIG = "torch._dynamo.config."
_PATCH = "torch._dynamo.config.patch"


@dataclass(frozen=True)
class CompileSite:
    """A call that compiles something: `torch.compile(target)` or `target.compile()`."""

    #: The dotted name passed (or whose `.compile()` is called): `model`, `self.net`, `f`.
    target: str
    #: Qualified name of the function the call is in ("" at module level).
    scope: str
    line: int
    fullgraph: bool
    #: The class the target was made from in the same scope (`model = Net()`), or "".
    constructor: str = ""


@dataclass(frozen=True)
class ModuleFacts:
    """What one module says about compilation, from its syntax tree."""

    #: Functions decorated with `torch.compile`: (qualified name, fullgraph, line).
    decorated: tuple[tuple[str, bool, int], ...] = ()
    #: Functions decorated with (or passed to) `torch.compiler.disable`; dotted names of
    #: the latter, as written.
    disabled: tuple[str, ...] = ()
    disabled_names: tuple[tuple[str, str], ...] = ()
    sites: tuple[CompileSite, ...] = ()
    #: Dynamo flags set to True here (module level, a function, a `patch`).
    flags: tuple[str, ...] = ()
    #: Flags set to False (an explicit opt-out wins over another module's True).
    unset: tuple[str, ...] = ()


@dataclass(frozen=True)
class Region:
    """Why a function runs under `torch.compile`."""

    #: The compiled function or module forward it belongs to (as calls display it).
    root: str
    filename: str
    line: int
    fullgraph: bool = False

    @property
    def reason(self) -> str:
        return f"`{self.root}` is compiled"


@dataclass(frozen=True)
class CompiledView:
    """What one file may ask about compilation: its functions' regions (by project key),
    the disabled functions of the project and its Dynamo flags. Picklable."""

    regions: tuple[tuple[str, Region], ...] = ()
    disabled: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()

    def region(self, module: str, scope: Iterable[str]) -> Region | None:
        """The region of the function at `scope` (its classes and functions, outermost
        first) in `module`, or None outside compiled code."""
        key = f"{module}:{'.'.join(scope)}"
        return next((region for found, region in self.regions if found == key), None)

    def key(self) -> tuple[object, ...]:
        """What the results cache must see change."""
        return (self.regions, tuple(sorted(self.disabled)), tuple(sorted(self.flags)))


@dataclass
class Regions:
    """The project's compiled regions and Dynamo flags."""

    functions: dict[str, Region] = field(default_factory=dict)
    disabled: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()

    def view(self, module: str) -> CompiledView:
        prefix = f"{module}:"
        regions = tuple(sorted((key, region) for key, region in self.functions.items()
                               if key.startswith(prefix)))
        if not regions and not self.disabled and not self.flags:
            return CompiledView()
        return CompiledView(regions, self.disabled, self.flags)


#: Text a module must hold to compile, disable or set a Dynamo flag (`@torch.compile`,
#: `torch.compile(f)`, `model.compile()`, `torch.compiler.disable`, `torch._dynamo...`).
_MARKERS = ("torch.compile", "compile(", "compiler", "_dynamo")


def may_compile(text: str) -> bool:
    """Whether `module_facts` can find anything in a module's text (a cheap prefilter)."""
    return any(marker in text for marker in _MARKERS)


#: The last names of every call `_Scanner.call` looks at (`torch.compile(f)`,
#: `model.compile()`, `torch.compiler.disable(f)`, `torch._dynamo.config.patch(...)`).
_CALLED = ("compile", "disable", "patch")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: Statements that hold statements.
_COMPOUND: tuple[type[ast.stmt], ...] = (
    ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try, ast.Match,
    *((ast.TryStar,) if hasattr(ast, "TryStar") else ()))


def module_facts(tree: ast.Module, qualify: Callable[[str], str], text: str | None = None,
                 imports: Mapping[str, str] | None = None) -> ModuleFacts:
    """The compile facts of one module; `qualify` turns a dotted name into its absolute
    form through the module's imports (`tc` -> `torch.compile`), which are `imports`.

    With the module's `text` and `imports`, only expressions on lines that name such a
    call (`_CALLED`, or a name imported as one of them) are walked: the same facts, for
    a fraction of the walk in a large module that mentions compiling."""
    scanner = _Scanner(qualify)
    if text is not None and imports is not None:
        scanner.lines = _lines_naming(text, imports)
    scanner.body(tree.body, ())
    return ModuleFacts(tuple(scanner.decorated), tuple(scanner.disabled),
                       tuple(scanner.disabled_names), tuple(scanner.sites),
                       tuple(sorted(set(scanner.flags))), tuple(sorted(set(scanner.unset))))


def _lines_naming(text: str, imports: Mapping[str, str]) -> list[int]:
    """The numbers (from 1) of the lines of `text` where a call `_Scanner.call` looks at
    may be named: a dotted name keeps its last name when qualified (`_qualify` resolves
    its head alone), so the last name is one of `_CALLED`, or a name imported as one of
    the calls. A superset is harmless: those lines are walked as before."""
    wanted = COMPILE | DISABLE | {_PATCH}
    # A flag set by assignment (`torch._dynamo.config.capture_scalar_outputs = True`)
    # names the flag on its line: with them, a definition none of whose lines is listed
    # holds no fact at all (`_Scanner.statement` skips it).
    names = sorted({*_CALLED, *FLAGS,
                    *(local for local, full in imports.items() if full in wanted)})
    pattern = re.compile("|".join(re.escape(name) for name in names))
    numbers: list[int] = []
    # Lines as `ast` numbers them (not `str.splitlines`, which also breaks at \f, \x1c...).
    for number, line in enumerate(_LINE_BREAK.split(text), 1):
        if pattern.search(line):
            numbers.append(number)
    return numbers


class _Scanner:
    def __init__(self, qualify: Callable[[str], str]) -> None:
        self.qualify = qualify
        #: The lines that may name a call worth looking at (None: every line may).
        self.lines: list[int] | None = None
        self.decorated: list[tuple[str, bool, int]] = []
        self.disabled: list[str] = []
        self.disabled_names: list[tuple[str, str]] = []
        self.sites: list[CompileSite] = []
        self.flags: list[str] = []
        self.unset: list[str] = []

    def _qualified(self, node: ast.AST) -> str | None:
        dotted = dotted_name(node)
        return self.qualify(dotted) if dotted is not None else None

    def body(self, statements: list[ast.stmt], scope: tuple[str, ...]) -> None:
        constructors: dict[str, str] = {}
        for statement in statements:
            self.statement(statement, scope, constructors)

    def statement(self, node: ast.stmt, scope: tuple[str, ...],
                  constructors: dict[str, str]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if self.lines is not None and not self._lines_within(
                    min([d.lineno for d in node.decorator_list], default=node.lineno),
                    node.end_lineno):
                return  # its own scope: nothing in it can name a call or set a flag
            qualname = ".".join((*scope, node.name))
            for decorator in node.decorator_list:
                self.decorator(decorator, qualname, node)
                self.expressions(decorator, scope, constructors)
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    self.expressions(base, scope, constructors)
            self.body(node.body, (*scope, node.name))
            return
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = dotted_name(node.targets[0])
            value = node.value
            if target is not None and isinstance(value, ast.Call):
                made = dotted_name(value.func)
                if made is not None and self.qualify(made) not in COMPILE:
                    constructors[target] = made
            qualified = self._qualified(node.targets[0])
            if qualified is not None and qualified.startswith(_CONFIG):
                self.flag(qualified[len(_CONFIG):], value)
        if self.lines is not None and not isinstance(node, _COMPOUND) \
                and not self._may_name_a_call(node):
            return  # only expressions below it, and none names a call looked at
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt):
                self.statement(child, scope, constructors)
            else:
                self.expressions(child, scope, constructors)

    def decorator(self, decorator: ast.expr, qualname: str, node: ast.stmt) -> None:
        call = decorator if isinstance(decorator, ast.Call) else None
        name = self._qualified(call.func if call is not None else decorator)
        if name in COMPILE and not isinstance(node, ast.ClassDef):
            self.decorated.append((qualname, _fullgraph(call), node.lineno))
        elif name in DISABLE:
            self.disabled.append(qualname)
        elif name == _PATCH and call is not None:
            self.patch(call)

    def expressions(self, node: ast.AST, scope: tuple[str, ...],
                    constructors: dict[str, str]) -> None:
        if self.lines is not None and not self._may_name_a_call(node):
            return
        for child in ast.walk(node):
            if isinstance(child, ast.Call):
                self.call(child, scope, constructors)

    def _may_name_a_call(self, node: ast.AST) -> bool:
        assert self.lines is not None
        first = getattr(node, "lineno", None)
        last = getattr(node, "end_lineno", None)
        if first is None or last is None:
            return True  # `arguments`, `withitem`, `comprehension`...: no position
        return self._lines_within(first, last)

    def _lines_within(self, first: int, last: int | None) -> bool:
        """Whether a listed line is in `first`..`last` (any, without a last line)."""
        assert self.lines is not None
        if last is None:
            return True
        index = bisect_left(self.lines, first)
        return index < len(self.lines) and self.lines[index] <= last

    def call(self, node: ast.Call, scope: tuple[str, ...], constructors: dict[str, str]) -> None:
        name = self._qualified(node.func)
        where = ".".join(scope)
        if name in COMPILE and node.args:
            first = node.args[0]
            target = dotted_name(first)
            if target is not None:
                self.sites.append(CompileSite(target, where, node.lineno, _fullgraph(node),
                                              constructors.get(target, "")))
            elif isinstance(first, ast.Call) and dotted_name(first.func) is not None:
                # `torch.compile(Net())`: the module made in the call.
                self.sites.append(CompileSite("", where, node.lineno, _fullgraph(node),
                                              dotted_name(first.func) or ""))
        elif name in DISABLE and node.args:
            target = dotted_name(node.args[0])
            if target is not None:
                self.disabled_names.append((where, target))
        elif name == _PATCH:
            self.patch(node)
        elif isinstance(node.func, ast.Attribute) and node.func.attr == "compile" \
                and not node.args:
            target = dotted_name(node.func.value)
            if target is not None and (name is None or not name.startswith(("torch.", "re."))):
                self.sites.append(CompileSite(target, where, node.lineno, _fullgraph(node),
                                              constructors.get(target, "")))

    def patch(self, node: ast.Call) -> None:
        for keyword in node.keywords:
            if keyword.arg is not None:
                self.flag(keyword.arg, keyword.value)
        if node.args and isinstance(node.args[0], ast.Dict):
            for key, value in zip(node.args[0].keys, node.args[0].values):
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    self.flag(key.value, value)

    def flag(self, name: str, value: ast.expr) -> None:
        if name not in FLAGS or not isinstance(value, ast.Constant):
            return
        if value.value is True:
            self.flags.append(name)
        elif value.value is False:
            self.unset.append(name)


def _fullgraph(call: ast.Call | None) -> bool:
    if call is None:
        return False
    return any(k.arg == "fullgraph" and isinstance(k.value, ast.Constant) and k.value.value
               is True for k in call.keywords)


def dotted_name(node: ast.AST) -> str | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


# --- the whole project ------------------------------------------------------------------
class RegionIndex(Protocol):
    """What region finding asks of the whole-program index."""

    def facts(self) -> Iterable[tuple[str, str, ModuleFacts]]:
        """(module name, filename, facts) of every indexed module."""

    def resolve(self, module: str, scope: str, dotted: str) -> str | None:
        """The function or class key `dotted` names in `module`'s function `scope`."""

    def forward(self, class_key: str) -> str | None:
        """The `forward` method key of a project `nn.Module` class, or None."""

    def attribute_classes(self, function: str) -> Iterable[str]:
        """For a module's `forward`: the classes of its `self.<attribute>`s (the
        submodules it may call)."""

    def callees(self, function: str) -> Iterable[str]:
        """Project functions `function` calls."""

    def display(self, function: str) -> str:
        """The function's name as calls show it (`Model.forward`)."""


def find_regions(index: RegionIndex) -> Regions:
    """The compiled regions of the project (see the module docstring)."""
    roots: dict[str, Region] = {}
    disabled: set[str] = set()
    flags: set[str] = set()
    unset: set[str] = set()
    for module, filename, facts in index.facts():
        flags.update(facts.flags)
        unset.update(facts.unset)
        disabled.update(f"{module}:{name}" for name in facts.disabled)
        for scope, dotted in facts.disabled_names:
            key = index.resolve(module, scope, dotted)
            if key is not None:
                disabled.add(key)
        for qualname, fullgraph, line in facts.decorated:
            key = f"{module}:{qualname}"
            roots.setdefault(key, Region(index.display(key), filename, line, fullgraph))
        for site in facts.sites:
            for key in _site_targets(index, module, site):
                roots.setdefault(key, Region(index.display(key), filename, site.line,
                                             site.fullgraph))
    functions: dict[str, Region] = {}
    for key, region in roots.items():
        if key in disabled:
            continue
        for reached in _reach(index, key, disabled):
            functions.setdefault(reached, region)
    return Regions(functions, frozenset(disabled), frozenset(flags - unset))


def _site_targets(index: RegionIndex, module: str, site: CompileSite) -> Iterator[str]:
    """The function a compile site compiles: the function passed, or the `forward` of the
    module passed (or of the class it was made from)."""
    for dotted in (site.target, site.constructor):
        key = index.resolve(module, site.scope, dotted) if dotted else None
        if key is None:
            continue
        forward = index.forward(key)
        if forward is not None or index.display(key):
            yield forward if forward is not None else key
            return


def _reach(index: RegionIndex, root: str, disabled: frozenset[str] | set[str]) -> list[str]:
    seen = {root}
    order = [root]
    stack = [root]
    while stack:
        key = stack.pop()
        nexts = list(index.callees(key))
        for cls in index.attribute_classes(key):
            forward = index.forward(cls)
            if forward is not None:
                nexts.append(forward)
        for callee in nexts:
            if callee not in seen and callee not in disabled:
                seen.add(callee)
                order.append(callee)
                stack.append(callee)
    return order
