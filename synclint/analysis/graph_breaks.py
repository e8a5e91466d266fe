"""Which Dynamo pattern a finding's node is, and so whether it breaks a compiled graph.

A rule reports a node; in a compiled region (`compiled.py`) the finding also says whether
that node breaks the graph under the installed torch and the project's Dynamo flags. This
module names the node's pattern (a row of `knowledge/dynamo.py`): `.item()` whose value
feeds arithmetic or Python control flow, `.tolist()` of integers or floats, a tensor
condition, a data-dependent output size, `print`, ... The table gives the verdict.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import libcst as cst

from synclint.analysis.kinds import BOOL_TENSOR, TENSORS
from synclint.analysis.names import is_cpu_device, keyword_arg
from synclint.analysis.uses import binds, occurrences
from synclint.knowledge.dynamo import Verdict, verdict

if TYPE_CHECKING:
    from synclint.analysis.walker import Context

#: Ops whose output size depends on the data (as torch functions or tensor methods).
DYNAMIC_SHAPE_OPS = frozenset({"nonzero", "argwhere", "unique", "unique_consecutive",
                               "masked_select", "bincount"})
#: Builtins that read a tensor's value like `.item()`.
_READ_BUILTINS = frozenset({"float", "int", "bool", "complex"})
#: Methods whose result holds integers (`.tolist()` of it is captured with the flag).
_INT_RESULTS = frozenset({"long", "int", "short", "argmax", "argmin", "argsort", "nonzero",
                          "bincount", "count_nonzero", "searchsorted", "bucketize"})
_INT_FUNCTIONS = _INT_RESULTS | {"arange", "randint", "randperm"}
#: Python calls that need a real number: a value read from a tensor must exist on the host.
_PYTHON_CONSUMERS = frozenset({"range", "str", "repr", "format", "print", "len", "bool",
                               "enumerate", "list", "tuple"})
#: Calls a compiled graph cannot hold, by qualified name (Dynamo skips or rejects them).
UNSUPPORTED_CALLS = frozenset({"time.time", "time.perf_counter", "time.monotonic",
                               "time.sleep", "warnings.warn", "globals", "locals",
                               "breakpoint", "input", "pdb.set_trace"})
#: Logger methods: Dynamo does not trace `logging.Logger` calls.
LOGGER_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception",
                            "critical", "log"})


def graph_break_here(ctx: Context, node: cst.CSTNode, code: str,
                     pattern: str | None = None) -> Verdict | None:
    """Whether the finding of rule `code` at `node` breaks the graph: None outside a
    compiled region; in one, the knowledge table's verdict for the node's pattern (no
    break for a pattern it does not list)."""
    region = ctx.compiled_region()
    if region is None:
        return None
    pattern = pattern or pattern_of(ctx, node, code)
    flags = ctx.project.compiled.flags if ctx.project is not None else frozenset()
    found = verdict(pattern, flags, fullgraph=region.fullgraph) if pattern else None
    return found if found is not None else Verdict(False, None)


def graph_break_fields(found: Verdict | None) -> dict[str, Any]:
    """A verdict as the Diagnostic's `graph_break` and `graph_break_flag` fields."""
    if found is None:
        return {}
    return {"graph_break": found.breaks, "graph_break_flag": found.avoided_by}


def pattern_of(ctx: Context, node: cst.CSTNode, code: str) -> str | None:
    """The Dynamo pattern of a reported node, or None when it is none of the table's."""
    if code == "SYN102":
        return "tensor-condition"  # a test (an `assert` says so itself)
    if isinstance(node, cst.FormattedStringExpression):
        return "fstring"
    if isinstance(node, cst.BinaryOperation) and code in ("SYN101", "SYN107"):
        return "item-python-control"  # `[w] * t`: a list's length must be a Python int
    if isinstance(node, cst.Subscript):
        return "dynamic-shape" if _is_mask_index(ctx, node) else None
    if isinstance(node, cst.Call):
        return call_pattern(ctx, node, ctx.parents)
    return None


def call_pattern(ctx: Context, node: cst.Call, parents: Sequence[cst.CSTNode]) -> str | None:
    """The pattern of a call (its parents outermost first, the call not among them)."""
    func = node.func
    qualified = ctx.imports.qualify(func)
    if isinstance(func, cst.Attribute):
        method = func.attr.value
        receiver = func.value
        if method == "item":
            return _read_pattern(ctx, node, parents)
        if method == "tolist":
            return "tolist-int" if _holds_ints(ctx, receiver) else "tolist-float"
        if method == "numpy":
            return "numpy"
        if method == "cpu" or (method == "to" and any(
                is_cpu_device(a.value) for a in node.args
                if a.keyword is None or a.keyword.value == "device")):
            return "cpu"
        if qualified is None and method in LOGGER_METHODS and _looks_like_logger(receiver):
            return "unsupported-call"
    torch_name = ctx.imports.torch_function(func) if qualified is not None else None
    name = torch_name or (func.attr.value if isinstance(func, cst.Attribute)
                          and qualified is None else None)
    if name in DYNAMIC_SHAPE_OPS:
        return "dynamic-shape"
    if name == "repeat_interleave" and keyword_arg(node, "output_size") is None:
        return "dynamic-shape"
    if torch_name == "where" and len(node.args) == 1:
        return "dynamic-shape"
    if qualified in ("torch.nn.functional.one_hot", "torch.nn.functional.one_hot") and \
            len(node.args) < 2 and keyword_arg(node, "num_classes") is None:
        return "one-hot"
    if isinstance(func, cst.Name) and not ctx.bound(func.value):
        if func.value == "print":
            return "print"
        if func.value in UNSUPPORTED_CALLS:
            return "unsupported-call"
        if func.value in _READ_BUILTINS and node.args and \
                ctx.kind(node.args[0].value) in TENSORS:
            return _read_pattern(ctx, node, parents)
    if qualified in UNSUPPORTED_CALLS:
        return "unsupported-call"
    if qualified is not None and qualified.startswith("logging.") and \
            qualified.rpartition(".")[2] in LOGGER_METHODS:
        return "unsupported-call"
    return _project_call_pattern(ctx, node)


def _project_call_pattern(ctx: Context, node: cst.Call) -> str | None:
    """A call of a project function that syncs (a finding at the call): the pattern of
    what it does inside, by the kind of sync; a disabled function is a break itself."""
    project = ctx.project
    if project is None:
        return None
    dotted = _dotted(node.func)
    key = project.resolve_key(dotted, tuple(ctx.scope)) if dotted is not None else None
    if key is not None and key in project.compiled.disabled:
        return "disabled-call"
    summary = ctx.callee(node)
    if summary is None:
        return None
    codes = {effect.code for effect in summary.syncs} | \
        {effect.effect.code for effect in summary.param_effects}
    if "SYN102" in codes:
        return "tensor-condition"
    if "SYN104" in codes:
        return "dynamic-shape"
    if "SYN101" in codes:
        return "item-arithmetic"
    return None


def _read_pattern(ctx: Context, node: cst.Call, parents: Sequence[cst.CSTNode]) -> str:
    """`.item()` (or `float(t)` ...): does Python need the number itself (control flow,
    text, a range), or only arithmetic that Dynamo can keep symbolic?"""
    if _python_consumes(node, parents):
        return "item-python-control"
    name = _assigned_name(node, parents)
    if name is not None:
        scope = ctx.functions[-1] if ctx.functions else (parents[0] if parents else node)
        for occurrence, ancestors in occurrences(scope, name):
            if not binds(occurrence, ancestors) and _python_consumes(occurrence, ancestors):
                return "item-python-control"
    return "item-arithmetic"


def _python_consumes(node: cst.CSTNode, parents: Sequence[cst.CSTNode]) -> bool:
    """Whether the value of `node` reaches Python control flow or text: an `if`/`while`
    test, a conditional expression's test, `range()`, `str()`, a format, `print`."""
    child = node
    for parent in reversed(parents):
        if isinstance(parent, (cst.If, cst.While)) and parent.test is child:
            return True
        if isinstance(parent, cst.IfExp) and parent.test is child:
            return True
        if isinstance(parent, (cst.Assert,)) and parent.test is child:
            return True
        if isinstance(parent, cst.FormattedStringExpression):
            return True
        if isinstance(parent, cst.Call) and isinstance(parent.func, cst.Name) and \
                parent.func.value in _PYTHON_CONSUMERS and child is not parent.func:
            return True
        if isinstance(parent, (cst.Comparison, cst.ComparisonTarget, cst.BooleanOperation,
                               cst.UnaryOperation, cst.BinaryOperation, cst.Arg)):
            child = parent
            continue
        if isinstance(parent, (cst.SimpleStatementLine, cst.IndentedBlock, cst.Assign,
                               cst.FunctionDef, cst.Return)):
            return False
        child = parent
    return False


def _assigned_name(node: cst.CSTNode, parents: Sequence[cst.CSTNode]) -> str | None:
    """`k` when `node` is the value (or part of an arithmetic value) of `k = ...`."""
    child = node
    for parent in reversed(parents):
        if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation, cst.Arg, cst.Call)) \
                and not (isinstance(parent, cst.Call) and parent.func is child):
            child = parent
            continue
        if isinstance(parent, cst.Assign) and parent.value is child and \
                len(parent.targets) == 1 and isinstance(parent.targets[0].target, cst.Name):
            return parent.targets[0].target.value
        return None
    return None


def _holds_ints(ctx: Context, node: cst.BaseExpression) -> bool:
    """Whether a tensor expression holds integers, by how it was made."""
    if ctx.kind(node) is BOOL_TENSOR:
        return False
    if isinstance(node, cst.Call):
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _INT_RESULTS:
            return True
        if ctx.imports.torch_function(func) in _INT_FUNCTIONS:
            return True
        if isinstance(func, cst.Attribute) and func.attr.value == "to" and any(
                _dotted(a.value) in ("torch.long", "torch.int64", "torch.int32", "torch.int")
                for a in node.args):
            return True
    return False


def _is_mask_index(ctx: Context, node: cst.Subscript) -> bool:
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return False
    return ctx.kind(node.slice[0].slice.value) is BOOL_TENSOR


def _looks_like_logger(node: cst.BaseExpression) -> bool:
    name = _dotted(node)
    return name is not None and name.rpartition(".")[2].lower() in (
        "log", "logger", "_log", "_logger", "logging")


def _dotted(node: cst.BaseExpression) -> str | None:
    from synclint.analysis.names import dotted_name

    return dotted_name(node)
