"""Code the fixer must leave alone whatever the rewrite: where Python is not what runs it,
or where its author said not to read values the way the fixes do.

- A function compiled by TorchScript or `torch.compile` (decorated, or handed to
  `torch.jit.script(f)` / `torch.compile(f)` in the same file) runs under a compiler that
  accepts less than Python: TorchScript rejects the set comprehensions and `iter()` of the
  batched rewrite when the module is imported, and `torch.compile(fullgraph=True)` traces
  `.item()` (with `capture_scalar_outputs`) but fails on `.tolist()` of a float tensor.
- A function with a comment that warns against `.tolist()` (diffusers'
  `gather_size_by_comm`: "DON'T use tolist here due to graph break") is not given one.

A region found here makes the fixer drop the fix; the finding stays, with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import libcst as cst

from synclint.analysis.names import Imports
from synclint.analysis.torch_api import COMPILERS
from synclint.analysis.walker import walk
from synclint.fixes.pending import PendingFix

#: A comment that names `.tolist()` and says not to use it (or that it breaks a graph).
_TOLIST_WARNING = re.compile(
    r"tolist.*graph.?break|(don['\u2019]?t|do not|never|avoid)\b.*\btolist", re.IGNORECASE)
#: The last module scanned for names given to a compiler (the fixes of one file ask in turn).
_scanned: list[tuple[cst.Module, dict[str, str]]] = []


def refusal(fix: PendingFix, parents: Sequence[cst.CSTNode], imports: Imports,
            source: str) -> str | None:
    """Why `fix`, proposed for a node under `parents` (the module first) of `source`, must
    not be applied there; None when nothing here forbids it."""
    module = parents[0] if parents and isinstance(parents[0], cst.Module) else None
    compiled_names: dict[str, str] = {}
    if module is not None and ("jit" in source or "compile" in source):
        compiled_names = _compiled_names(module, imports)
    for parent in parents:
        if not isinstance(parent, (cst.FunctionDef, cst.ClassDef)):
            continue
        compiler = _compiler_of(parent, imports)
        if compiler is None and isinstance(parent, cst.FunctionDef) \
                and parent.name.value in compiled_names:
            compiler = compiled_names[parent.name.value]
        if compiler == "torch.compile" and fix.compile_safe:
            continue  # written for compiled code: Dynamo traces it without a break
        if compiler is not None:
            return (f"`{parent.name.value}` is compiled by `{compiler}`, which accepts less "
                    "than Python: the rewrite may not compile")
    function = next((p for p in reversed(parents) if isinstance(p, cst.FunctionDef)), None)
    # The regex over the whole text first: walking the function for its comments costs
    # far more, and almost no file has such a warning anywhere.
    if function is not None and _reads_with_tolist(fix) \
            and "tolist" in source and _TOLIST_WARNING.search(source) is not None \
            and _warns_against_tolist(function):
        return "a comment here warns against `.tolist()`, which the fix would use"
    return None


def _compiler_of(node: cst.FunctionDef | cst.ClassDef, imports: Imports) -> str | None:
    for decorator in node.decorators:
        expression = decorator.decorator
        if isinstance(expression, cst.Call):
            expression = expression.func
        qualified = imports.qualify(expression)
        if qualified in COMPILERS:
            return qualified
    return None


def _compiled_names(module: cst.Module, imports: Imports) -> dict[str, str]:
    """Names given to a compiler as a call's first argument (`torch.jit.script(f)`)."""
    if _scanned and _scanned[0][0] is module:
        return _scanned[0][1]
    found: dict[str, str] = {}
    for node in walk(module):
        if not isinstance(node, cst.Call) or not node.args:
            continue
        first = node.args[0]
        if first.keyword is not None or not isinstance(first.value, cst.Name):
            continue
        qualified = imports.qualify(node.func)
        if qualified in COMPILERS:
            found.setdefault(first.value.value, qualified)
    _scanned[:] = [(module, found)]
    return found


def _reads_with_tolist(fix: PendingFix) -> bool:
    return any(".tolist()" in replacement.code for replacement in fix.replacements)


def _warns_against_tolist(function: cst.FunctionDef) -> bool:
    return any(_TOLIST_WARNING.search(comment) for comment in _comments(function))


def _comments(node: cst.CSTNode) -> Iterable[str]:
    collector = _Comments()
    node.visit(collector)
    return collector.found


class _Comments(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def visit_Comment(self, node: cst.Comment) -> None:
        self.found.append(node.value)
