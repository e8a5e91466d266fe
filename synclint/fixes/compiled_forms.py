"""Rewrites that keep a value on the device, in a form Dynamo traces without a graph break:
`one_hot(..., num_classes=N)` and `torch._assert_async(cond)` (with `output_size=` in
output_size.py and `torch.where` in select_where.py). They are written for compiled code
too (`PendingFix.compile_safe`), and none is safe: see each reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from synclint.analysis.kinds import DEVICE_TENSORS
from synclint.analysis.names import keyword_arg
from synclint.analysis.uses import binds, occurrences
from synclint.analysis.walker import Context
from synclint.diagnostics import Applicability
from synclint.fixes.pending import PendingFix, Replacement

ONE_HOT_REASON = (
    "the result then has `num_classes` columns where `one_hot` without it has the largest "
    "label + 1: wider when the batch lacks the largest class"
)
ASSERT_REASON = (
    "`torch._assert_async` raises a RuntimeError (on CUDA, later, as a device-side assert "
    "that ends the process) where `assert` raises an AssertionError at once, and it still "
    "runs under `python -O`"
)
_CODE = cst.Module([])


@dataclass(frozen=True)
class FormOutcome:
    fix: PendingFix | None
    #: Why the fix is unsafe, or why there is none.
    reason: str | None


def one_hot_fix(ctx: Context, call: cst.Call, labels: cst.BaseExpression) -> FormOutcome:
    """`num_classes=` from where the labels come from: the size of the dimension an
    `argmax`/`argmin` reduced, or the upper bound of `torch.randint`."""
    bound = _class_count(ctx, labels)
    if bound is None:
        return FormOutcome(None, "the number of classes is not known here")
    argument = cst.Arg(cst.parse_expression(bound), keyword=cst.Name("num_classes"),
                       equal=cst.AssignEqual(cst.SimpleWhitespace(""),
                                             cst.SimpleWhitespace("")))
    args = list(call.args)
    args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    code = _CODE.code_for_node(call.with_changes(args=[*args, argument]))
    fix = PendingFix(Applicability.UNSAFE, f"Pass `num_classes={bound}`",
                     (Replacement(call, code),), compile_safe=True)
    return FormOutcome(fix, ONE_HOT_REASON)


def _class_count(ctx: Context, labels: cst.BaseExpression) -> str | None:
    source = _single_value(ctx, labels) if isinstance(labels, cst.Name) else labels
    if not isinstance(source, cst.Call):
        return None
    func = source.func
    torch_name = ctx.imports.torch_function(func)
    if isinstance(func, cst.Attribute) and func.attr.value in ("argmax", "argmin") \
            and torch_name is None:
        reduced, dim = func.value, _dim(source, 0)
    elif torch_name in ("argmax", "argmin") and source.args:
        reduced, dim = source.args[0].value, _dim(source, 1)
    elif torch_name == "randint":
        positional = [a.value for a in source.args if a.keyword is None]
        high = keyword_arg(source, "high")
        value = high.value if high is not None else (
            positional[1] if len(positional) >= 3 else positional[0] if positional else None)
        return _CODE.code_for_node(value) if isinstance(value, (cst.Integer, cst.Name)) \
            else None
    else:
        return None
    if dim is None or not isinstance(reduced, cst.Name) or \
            ctx.kind(reduced) not in DEVICE_TENSORS:
        return None
    return f"{reduced.value}.shape[{dim}]"


def _dim(call: cst.Call, position: int) -> str | None:
    found = keyword_arg(call, "dim")
    positional = [a.value for a in call.args if a.keyword is None]
    value = found.value if found is not None else (
        positional[position] if len(positional) > position else None)
    if isinstance(value, cst.Integer):
        return value.value
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus) \
            and isinstance(value.expression, cst.Integer):
        return f"-{value.expression.value}"
    return None


def _single_value(ctx: Context, name: cst.Name) -> cst.BaseExpression | None:
    """The value of `name` when the function binds it exactly once, by `name = value`."""
    if not ctx.functions:
        return None
    scope = ctx.functions[-1]
    bound = [ancestors for node, ancestors in occurrences(scope, name.value)
             if binds(node, ancestors)]
    if len(bound) != 1 or not bound[0]:
        return None
    target = bound[0][-1]
    assign = bound[0][-2] if len(bound[0]) >= 2 else None
    if isinstance(target, cst.AssignTarget) and isinstance(assign, cst.Assign) and \
            len(assign.targets) == 1:
        return assign.value
    return None


def assert_async_fix(ctx: Context, node: cst.Assert) -> FormOutcome:
    """`assert cond[, "message"]` -> `torch._assert_async(cond[, "message"])`: the check
    stays on the device (Dynamo already compiles a tensor `assert` so). A message written
    over several lines keeps its lines where the assert had them."""
    if isinstance(node.test, cst.BooleanOperation):
        return FormOutcome(None, "the test combines several conditions with `and`/`or`")
    message = node.msg
    if message is not None and not isinstance(message, (cst.SimpleString,
                                                        cst.ConcatenatedString)):
        return FormOutcome(None, "the message is computed, and `_assert_async` takes a "
                                 "string")
    args = [cst.Arg(node.test.with_changes(lpar=[], rpar=[]))]
    if message is not None:
        args.append(cst.Arg(message))
    call = cst.Call(cst.parse_expression("torch._assert_async"), args)
    fix = PendingFix(Applicability.UNSAFE, "Check on the device with `torch._assert_async`",
                     (Replacement(node, _indented(call, _indent(ctx))),), ("torch",),
                     compile_safe=True)
    return FormOutcome(fix, ASSERT_REASON)


def _indent(ctx: Context) -> str:
    """The indentation of the statement being visited: its enclosing blocks'."""
    module = ctx.parents[0] if ctx.parents else None
    default = module.default_indent if isinstance(module, cst.Module) else "    "
    return "".join(default if block.indent is None else block.indent
                   for block in ctx.parents if isinstance(block, cst.IndentedBlock))


def _indented(expression: cst.BaseExpression, indent: str) -> str:
    """The code of `expression` written at `indent`: a message in parentheses over several
    lines keeps its lines where the assert had them (LibCST indents continuation lines by
    the enclosing blocks, which a bare module does not have), and a string's own lines
    are left as they are."""
    if not indent:
        return _CODE.code_for_node(expression)
    statement = cst.SimpleStatementLine([cst.Expr(expression)])
    block = cst.If(cst.Name("_"), cst.IndentedBlock([statement], indent=indent))
    text = cst.Module([block]).code
    head = f"if _:\n{indent}"
    assert text.startswith(head) and text.endswith("\n")
    return text[len(head):-1]
