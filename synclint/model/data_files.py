"""Large files that only hold data: a stand-in syntax tree without `ast.parse`.

A generated table, vocabulary or fixture (`DATA = [(0, 'k0', 0.84, [0, 0]), ...]`, 2 MB)
has nothing a rule can fire on, but `ast.parse` builds millions of Python objects for it
(two seconds for 2.3 MB on a small machine) and the model walks them. Compiling the text
to bytecode checks the same grammar without building those objects (about half the
time), and the code object tells what the module does: a module whose code holds no
function, class or lambda and names nothing but what it assigns at the start of a line
(`NAME = ...`) only builds constants and stores them. No import, builtin, attribute or
call can run there, so no tensor exists and nothing syncs. Such a module's tree is a
stand-in that binds each name, at its line, to a display of host values of the same
shape (a list, a dict or a constant), which is what the model makes of the data.

Only files of at least `MIN_BYTES` with no statement keyword at a line start (`def`,
`import`, `if`...: a regular expression, milliseconds) are compiled; any other file, and
any file this check cannot prove, is parsed as usual (so a syntax error is reported as
usual).
"""

from __future__ import annotations

import ast
import re
from types import CodeType

from synclint.model.syntax import PLAIN_DATA_MIN

#: Smaller files parse in milliseconds: the check is not worth its own cost there.
MIN_BYTES = 256 * 1024

#: `NAME = ` at the start of a line: a module-level binding (and the value's first
#: character).
_STORED = re.compile(r"^([A-Za-z_]\w*)[ \t]*=(?!=)[ \t]*(\S?)", re.MULTILINE)
#: A statement no data file needs, at a line start: most large files are code, and this
#: search costs milliseconds where compiling them would cost a tenth of a second.
_CODE = re.compile(
    r"^[ \t]*(?:async[ \t]+)?(?:def|class|import|from|if|for|while|with|try|@)\b",
    re.MULTILINE)
#: Names the compiler stores on its own.
_IMPLICIT = frozenset({"__doc__"})


def data_module(text: str, filename: str) -> ast.Module | None:
    """The stand-in tree of a large file that only assigns data, or None for any other
    file (or one that does not compile: `ast.parse` says why)."""
    if len(text) < MIN_BYTES or _CODE.search(text):
        return None
    try:
        code = compile(text, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, OverflowError, RecursionError, MemoryError):
        return None
    if CodeType in set(map(type, code.co_consts)):
        return None  # a function, class or lambda
    stored: dict[str, tuple[int, str]] = {}
    for match in _STORED.finditer(text):
        stored.setdefault(match.group(1), (match.start(), match.group(2)))
    names = set(code.co_names) - _IMPLICIT
    if not names or not names <= stored.keys():
        return None
    body: list[ast.stmt] = []
    for name in sorted(names, key=lambda n: stored[n][0]):
        offset, opening = stored[name]
        line = text.count("\n", 0, offset) + 1
        body.append(ast.Assign(targets=[ast.Name(name, ast.Store())],
                               value=_stand_in(opening), lineno=line, col_offset=0))
    module = ast.Module(body=body, type_ignores=[])
    return ast.fix_missing_locations(module)


def _stand_in(opening: str) -> ast.expr:
    """A display of host constants shaped like the value that opens with `opening`."""
    zeros: list[ast.expr] = [ast.Constant(0) for _ in range(PLAIN_DATA_MIN)]
    if opening in ("[", "("):
        return ast.List(elts=zeros, ctx=ast.Load())
    if opening == "{":
        return ast.Dict(keys=list(zeros), values=[ast.Constant(0) for _ in zeros])
    return ast.Constant(0)
