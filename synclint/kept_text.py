"""The text a check gives LibCST: the file without the definitions where no rule can
fire (DESIGN.md section 10: pay only for what can fire).

The model's gate (`model/candidates.py`) says which module statements, and which outermost
functions, hold a candidate site. Every other module-level function and class, and every
method of a class left that holds none and that the rest may read nothing of, becomes a
stub that binds the same name, every line where it was: findings and the model's facts
are positioned there. `tests/speed/test_partial_parse.py` tests the stubs, and
`tests/speed/test_prefilter.py` that the findings and fixes are those of the whole text.
"""

from __future__ import annotations

import ast
import re
from bisect import bisect_left
from collections.abc import Iterator, Mapping

from synclint.knowledge.torch import COMPILERS
from synclint.model.syntax import qualify

#: Line breaks as CPython's tokenizer counts them (`ast` line numbers).
_LINE_BREAK = re.compile(r"(\r\n|\r|\n)")
#: Below this share of the text left out, the whole text is parsed.
_MIN_LEFT_OUT = 0.1
#: Text a module must hold to give a function to a compiler (`fixes.regions` asks).
_COMPILE_MARKERS = ("compile", "jit", "_dynamo", "script", "optimize", "export")
#: The last names of the compilers (`knowledge.torch.COMPILERS`), however imported.
_COMPILER_NAMES = frozenset(name.rpartition(".")[2] for name in COMPILERS)


def _gives_to_a_compiler(statement: ast.stmt, imports: Mapping[str, str]) -> bool:
    """Whether `statement` calls a compiler with a name (`torch.jit.script(f)`), as
    `fixes.regions` looks for: by its qualified name, or by its last name alone."""
    for node in ast.walk(statement):
        if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name)):
            continue
        qualified = qualify(node.func, imports)  # "": `compilers[0](f)`, no compiler there
        if qualified.rpartition(".")[2] in _COMPILER_NAMES or qualified in COMPILERS:
            return True
    return False


def _compiler_lines(pieces: list[str], imports: Mapping[str, str]) -> list[int]:
    """The numbers of the lines (`pieces` at even indices) that may name a compiler a
    call gives a function to (`_gives_to_a_compiler`): its last name, or a local name
    imported as one (`from torch import compile as tc`), in ascending order."""
    names = set(_COMPILER_NAMES)
    names.update(local for local, target in imports.items()
                 if target in COMPILERS or target.rpartition(".")[2] in _COMPILER_NAMES)
    return [index // 2 + 1 for index in range(0, len(pieces), 2)
            if any(name in pieces[index] for name in names)]


def _marked(statement: _Definition, marked: list[int]) -> bool:
    """Whether a line of `statement` (its decorators' included) is in `marked`
    (ascending line numbers)."""
    first = min([statement.lineno, *(d.lineno for d in statement.decorator_list)])
    at = bisect_left(marked, first)
    return at < len(marked) and marked[at] <= (statement.end_lineno or statement.lineno)


def kept_source(source: str, tree: ast.Module, statements: frozenset[int],
                 imports: Mapping[str, str], functions: frozenset[int] | None = None
                 ) -> str | None:
    """`source` without the module-level functions and classes that hold no candidate
    site (`candidate_statements`), nor the methods of the classes left that hold none and
    that the rest may read; or None when that is not sure to keep every finding and fix,
    or saves little. `functions`: the outermost functions with a candidate, by the `id` of
    their node in `tree` (None: every method of a class left stays).

    What is left keeps every line where it was (findings and the model's facts are
    positioned there). Each definition left out becomes a stub that binds the same name
    (`def f(): pass`: the names a module binds tell a builtin from a rebinding), with its
    body's indentation (LibCST takes the module's indentation from the first block). A
    method stays where fixes may read it from another one: it gives `self` an attribute
    (fixes read every value a class assigns to `self.x`, `_gives_self`). A definition that
    gives a function to a compiler stays too (`torch.compile(step)`: a fix asks whether
    its function is compiled anywhere in the module). The whole text is kept where a
    site is outside any function (rules and fixes read that scope, the module, whole)."""
    if -1 in statements:
        return None
    pieces = _LINE_BREAK.split(source)  # lines at even indices, their breaks after them
    marked = _compiler_lines(pieces, imports) if any(
        marker in source for marker in _COMPILE_MARKERS) else []
    left_out = 0
    for definition in _left_out(tree, statements, functions, imports, marked):
        saved = _stub(pieces, definition)
        if saved is None:
            return None
        left_out += saved
    if left_out < _MIN_LEFT_OUT * len(source):
        return None
    return "".join(pieces)


_Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def _left_out(tree: ast.Module, statements: frozenset[int], functions: frozenset[int] | None,
              imports: Mapping[str, str], marked: list[int]) -> Iterator[_Definition]:
    """The definitions `kept_source` stubs, in the text's order: module functions and
    classes without a candidate, and the methods of the others that hold none and give
    `self` nothing; never one that hands a function to a compiler. A class without a
    candidate that a class left derives from (by its name in the module) is left as those
    are, its methods that give `self` an attribute with it: the rules read what a base's
    `__init__` keeps (`opt_in.Defaults._kept`: `self.report_accuracy =
    report_accuracy` in a base's `__init__`, read in a subclass's `forward`)."""
    bases = _bases_of_kept(tree, statements)
    for index, statement in enumerate(tree.body):
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if index not in statements and not (isinstance(statement, ast.ClassDef)
                                            and statement.name in bases):
            if not (_marked(statement, marked) and _gives_to_a_compiler(statement, imports)):
                yield statement
        elif functions is not None and isinstance(statement, ast.ClassDef):
            for member in statement.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                        and id(member) not in functions and not _gives_self(member) \
                        and not (_marked(member, marked)
                                 and _gives_to_a_compiler(member, imports)):
                    yield member


def _bases_of_kept(tree: ast.Module, statements: frozenset[int]) -> set[str]:
    """The names of the module's classes that a class with a candidate derives from,
    directly or through others of them (a base named by a plain name)."""
    classes = {statement.name: statement for statement in tree.body
               if isinstance(statement, ast.ClassDef)}
    pending = [statement for index, statement in enumerate(tree.body)
               if index in statements and isinstance(statement, ast.ClassDef)]
    found: set[str] = set()
    while pending:
        for base in pending.pop().bases:
            if isinstance(base, ast.Name) and base.id in classes and base.id not in found:
                found.add(base.id)
                pending.append(classes[base.id])
    return found


def _stub(pieces: list[str], statement: ast.FunctionDef | ast.AsyncFunctionDef
          | ast.ClassDef) -> int | None:
    """Replace `statement`'s lines in `pieces` (lines at even indices) by a stub that
    binds its name, at its own indentation: the characters left out, or None where the
    lines are not those of the text."""
    first = min([statement.lineno, *(d.lineno for d in statement.decorator_list)])
    last = statement.end_lineno or statement.lineno
    body = statement.body[0].lineno
    if 2 * last - 1 > len(pieces) or not first <= body <= last:
        return None  # line numbers the text does not have: parse it whole
    keyword = "class" if isinstance(statement, ast.ClassDef) else "def"
    margin = _indentation(pieces[2 * first - 2])
    header = f"{margin}{keyword} {statement.name}{'' if keyword == 'class' else '()'}:"
    indent = _indentation(pieces[2 * body - 2])
    left_out = 0
    for row in range(first, last + 1):
        left_out += len(pieces[2 * row - 2])
        pieces[2 * row - 2] = ""
    if body == statement.lineno or len(indent) <= len(margin):
        pieces[2 * first - 2] = header + " pass"
    else:
        pieces[2 * first - 2] = header
        pieces[2 * body - 2] = indent + "pass"
    return left_out


def _indentation(line: str) -> str:
    return line[:len(line) - len(line.lstrip(" \t"))]


#: Calls that give a module an attribute, or change one's shape, in place.
_GIVING_CALLS = frozenset({"register_buffer", "register_parameter", "register_module",
                           "add_module", "setattr"})


def _gives_self(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether `function` may give `self` an attribute or change one in place: assigns
    to `self.x` (or `self.x.data`, `self.x[i]`), registers one, calls `setattr`, or calls
    an in-place method (`self.w.unsqueeze_(0)`): what the fixes of another method read
    of the class (`fixes.tensor_facts._module_values`, `_module_rank`). An `__init__`
    always may: it hands its base's `__init__` the options the base keeps, which the
    opt-in rule reads (`opt_in.passed_on`)."""
    if function.name == "__init__":
        return True  # what it hands its base's `__init__` (`super().__init__(x=x)`) too
    for node in ast.walk(function):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor,
                             ast.withitem, ast.NamedExpr, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else \
                [node.optional_vars] if isinstance(node, ast.withitem) else [node.target]
            if any(_reaches_self(target) for target in targets if target is not None):
                return True
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else \
                node.func.id if isinstance(node.func, ast.Name) else ""
            if name in _GIVING_CALLS or name.endswith("_") and _reaches_self(node.func):
                return True
    return False


def _reaches_self(target: ast.expr) -> bool:
    """Whether `target` names something under `self` (`self.x`, `self.x.y[0]`, or one of
    a tuple of targets)."""
    return any(isinstance(node, ast.Name) and node.id == "self" for node in ast.walk(target))
