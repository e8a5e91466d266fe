"""Logging calls: `self.log(...)` in a LightningModule, `print`, wandb, TensorBoard, tqdm.

SYN106 (sync-in-logging) owns host reads passed to these calls where they run per step;
SYN101 leaves those nodes alone so a finding is reported once.
"""

from __future__ import annotations

import libcst as cst

from synclint.analysis.site_names import (
    LIGHTNING_LOG_METHODS,
    LOGGER_FUNCTIONS,
    LOGGER_METHODS,
)
from synclint.analysis.walker import Context

#: Nodes a logged value may sit in between the host read and the logging call.
_CONTAINERS = (
    cst.Arg, cst.Dict, cst.DictElement, cst.Tuple, cst.List, cst.Element, cst.FormattedString,
    cst.FormattedStringExpression, cst.BinaryOperation, cst.ConcatenatedString,
    cst.UnaryOperation, cst.Subscript, cst.SubscriptElement, cst.Index,
)


def logging_call_name(ctx: Context, node: cst.Call) -> str | None:
    """How a message names the logging call `node` ("self.log", "print", ...), or None."""
    func = node.func
    if isinstance(func, cst.Attribute):
        if isinstance(func.value, cst.Name) and func.value.value == "self" and \
                func.attr.value in LIGHTNING_LOG_METHODS:
            return f"self.{func.attr.value}"
        if func.attr.value in LOGGER_METHODS:
            return func.attr.value
        qualified = ctx.imports.qualify(func)
        if qualified in LOGGER_FUNCTIONS:
            return qualified
        return None
    if isinstance(func, cst.Name) and func.value == "print" and not ctx.bound("print"):
        return "print"
    return None


def is_lightning_log(name: str) -> bool:
    return name in ("self.log", "self.log_dict")


def enclosing_logging_call(ctx: Context, node: cst.CSTNode) -> tuple[cst.Call, str] | None:
    """The logging call whose arguments hold `node` (through dicts, tuples, f-strings)."""
    parents = ctx.parents
    index = len(parents) - 1
    child: cst.CSTNode = node
    while index >= 0:
        parent = parents[index]
        if isinstance(parent, cst.Call):
            if child is parent.func:
                return None
            name = logging_call_name(ctx, parent)
            return (parent, name) if name is not None else None
        if not isinstance(parent, _CONTAINERS):
            return None
        child = parent
        index -= 1
    return None


def syn106_applies(ctx: Context, name: str) -> bool:
    """Whether SYN106 reports host reads logged by `name` at the current point: Lightning's
    `self.log` in a loop or per-step code of a LightningModule; other loggers in per-step
    code outside loops (in loops SYN101 reports them, with its batched fix)."""
    if is_lightning_log(name):
        project = ctx.project
        if project is None or not project.lightning_class(tuple(ctx.scope)):
            return False
        return ctx.in_loop or ctx.hot_here() is not None
    return not ctx.in_loop and ctx.hot_here() is not None


def logged_by_syn106(ctx: Context, node: cst.CSTNode) -> bool:
    """True when `node` (a host read) is an argument SYN106 reports."""
    found = enclosing_logging_call(ctx, node)
    if found is None:
        if isinstance(node, cst.Call):
            name = logging_call_name(ctx, node)
            return name is not None and syn106_applies(ctx, name)
        return False
    return syn106_applies(ctx, found[1])
