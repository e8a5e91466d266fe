"""Opt-in code by its callers (`analysis/opt_in.py`): a private function or method every
call of which in its module runs only with an option off by default is opt-in as a whole
(axolotl's `_get_per_token_logps_flattened`, called only under `if can_flatten:`; issue
22, fresh16 L1a)."""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field

import libcst as cst

from synclint.analysis.opt_in import Defaults, opt_in, site_tests
from synclint.model.summaries import FileView


def called_opt_in(function: cst.FunctionDef, cls: cst.ClassDef | None, module: cst.Module,
                  view: FileView | None, source: str, tree: ast.Module | None = None,
                  depth: int = 0) -> str | None:
    """The option a private function or method (`_get_per_token_logps_flattened`) needs
    where every call of it in its module runs only with an option off by default (`if
    can_flatten:`; axolotl, fresh16 L1a), directly or through private callers of the same
    kind (three deep); the first call's option. None where the name is public (code
    outside the project may call it), used other than by a call, or called without one.
    Calls from other modules are not seen: a private name's callers are its module's.

    `module` may be the text LibCST was given, with the definitions no rule can fire in
    left out (`kept_text.kept_source`): the callers are found in the whole text's `tree`
    (`source` parsed by `ast` where None), and a caller left out is parsed from `source`."""
    name = function.name.value
    if not _private(name):
        return None
    owner: cst.CSTNode = cls if cls is not None else module
    body = owner.body.body if isinstance(owner, cst.ClassDef) and \
        isinstance(owner.body, cst.IndentedBlock) else \
        owner.body if isinstance(owner, cst.Module) else ()
    if not any(statement is function for statement in body):
        return None  # a nested function: its name is its enclosing function's
    uses = _private_uses(module, source, tree)
    if uses is None:
        return None
    return _called_opt_in((cls.name.value if cls is not None else None, name), module, view,
                          source, depth, uses)


def _called_opt_in(qualified: tuple[str | None, str], module: cst.Module,
                   view: FileView | None, source: str, depth: int, uses: _Uses
                   ) -> str | None:
    """`called_opt_in` of the function `qualified` names (its class's name, None for a
    module function; its name), memoised."""
    if not _private(qualified[1]):
        return None
    if qualified in uses.results:
        return uses.results[qualified]
    uses.results[qualified] = None  # recursion through the callers
    found = _callers_opt_in(qualified, module, view, source, depth, uses)
    uses.results[qualified] = found
    return found


def _callers_opt_in(qualified: tuple[str | None, str], module: cst.Module,
                    view: FileView | None, source: str, depth: int, uses: _Uses
                    ) -> str | None:
    method = qualified[0] is not None
    callers = (uses.attributes if method else uses.names).get(qualified[1])
    if not callers:
        return None
    found: str | None = None
    for caller_class, caller in callers:
        if (caller_class.name if caller_class is not None else None, caller.name) == \
                qualified:
            continue  # a recursive call runs when the first call does
        definition = _cst_definition(module, caller_class, caller, source, uses)
        if definition is None:
            return None
        cst_class, cst_caller = definition
        calls = _calls_in(cst_caller, qualified[1], method)
        if not calls:
            return None
        for call, path in calls:
            tests, inner, _ = site_tests(call, path)
            inner_class = cst_class if inner is cst_caller else None
            option = opt_in(tests, Defaults(inner_class, inner, view, module, entry=False)) \
                if tests else None
            if option is None and inner is cst_caller and depth < 3:
                option = _called_opt_in(
                    (caller_class.name if caller_class is not None else None, caller.name),
                    module, view, source, depth + 1, uses)
            if option is None:
                return None
            found = found or option
    return found


_AstDef = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass
class _Uses:
    """Where one module's private names are called, from its whole text's `ast` tree:
    name -> the outermost functions (with their class, None for a module function) that
    call it: `self._x(...)` (any receiver) under `attributes`, `_x(...)` under `names`;
    a name used otherwise (passed as a callback, read or stored as data) maps to None."""

    module: cst.Module
    tree: ast.Module
    attributes: dict[str, list[tuple[ast.ClassDef | None, _AstDef]] | None]
    names: dict[str, list[tuple[ast.ClassDef | None, _AstDef]] | None]
    results: dict[tuple[str | None, str], str | None] = field(default_factory=dict)
    parsed: dict[int, cst.FunctionDef | None] = field(default_factory=dict)


#: Per module (by identity): its private calls (`_private_uses`).
_USES: dict[int, _Uses] = {}


def _private_uses(module: cst.Module, source: str, tree: ast.Module | None) -> _Uses | None:
    cached = _USES.get(id(module))
    if cached is not None and cached.module is module:
        return cached
    if tree is None:
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
    if len(_USES) >= 2:  # one module is walked at a time: keep few trees alive
        _USES.clear()
    uses = _Uses(module, tree, {}, {})
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            _note_calls(uses, None, statement)
        elif isinstance(statement, ast.ClassDef):
            for member in statement.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    _note_calls(uses, statement, member)
                else:
                    _note_calls(uses, None, member)
        else:
            _note_calls(uses, None, statement)
    _USES[id(module)] = uses
    return uses


def _note_calls(uses: _Uses, cls: ast.ClassDef | None, node: ast.stmt) -> None:
    """Note the private names `node` calls (as called from `node` where it is a
    function) or uses otherwise (no known callers then)."""
    called: set[int] = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call):
            called.add(id(inner.func))
    caller = node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
    for inner in ast.walk(node):
        if isinstance(inner, ast.Attribute) and _private(inner.attr):
            table, name = uses.attributes, inner.attr
        elif isinstance(inner, ast.Name) and _private(inner.id):
            table, name = uses.names, inner.id
        else:
            continue
        callers = table.setdefault(name, [])
        if callers is None:
            continue
        if id(inner) in called and caller is not None:
            if not any(c is caller for _, c in callers):
                callers.append((cls, caller))
        else:
            table[name] = None


def _cst_definition(module: cst.Module, cls: ast.ClassDef | None, function: _AstDef,
                    source: str, uses: _Uses
                    ) -> tuple[cst.ClassDef | None, cst.FunctionDef] | None:
    """The LibCST class and function of `function` (an outermost function of the whole
    text): the module's own where LibCST was given it whole, else parsed from `source`
    (a definition `kept_text` left out is a stub, `def name(): pass`)."""
    body: Sequence[cst.CSTNode] = module.body
    cst_class: cst.ClassDef | None = None
    if cls is not None:
        cst_class = next((s for s in module.body if isinstance(s, cst.ClassDef)
                          and s.name.value == cls.name), None)
        body = cst_class.body.body if cst_class is not None and \
            isinstance(cst_class.body, cst.IndentedBlock) else ()
    found = [s for s in body if isinstance(s, cst.FunctionDef)
             and s.name.value == function.name]
    if len(found) == 1 and len(found[0].params.params) + len(found[0].params.kwonly_params) \
            + len(found[0].params.posonly_params) == len(function.args.args) + \
            len(function.args.kwonlyargs) + len(function.args.posonlyargs):
        return cst_class, found[0]
    if len(found) > 1:
        return None  # redefined: which one runs is not known here
    if id(function) not in uses.parsed:
        segment = ast.get_source_segment(source, function)
        parsed: cst.FunctionDef | None = None
        if segment is not None:
            try:
                statement = cst.parse_statement(
                    textwrap.dedent(" " * function.col_offset + segment))
            except (cst.ParserSyntaxError, RecursionError):
                statement = None
            parsed = statement if isinstance(statement, cst.FunctionDef) else None
        uses.parsed[id(function)] = parsed
    parsed_function = uses.parsed[id(function)]
    return (cst_class, parsed_function) if parsed_function is not None else None


def _calls_in(function: cst.FunctionDef, name: str, method: bool
              ) -> list[tuple[cst.Call, list[cst.CSTNode]]]:
    """The calls of `name` in `function` (`x.name(...)` for a method, else `name(...)`),
    each with the nodes from `function` down to it."""
    found: list[tuple[cst.Call, list[cst.CSTNode]]] = []
    stack: list[tuple[cst.CSTNode, list[cst.CSTNode]]] = [(function, [function])]
    while stack:
        node, path = stack.pop()
        if isinstance(node, cst.Call) and (
                (method and isinstance(node.func, cst.Attribute)
                 and node.func.attr.value == name)
                or (not method and isinstance(node.func, cst.Name)
                    and node.func.value == name)):
            found.append((node, path))
        stack.extend((child, [*path, child]) for child in node.children)
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")

