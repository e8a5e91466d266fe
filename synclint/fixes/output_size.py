"""`output_size=` for `repeat_interleave` with GPU repeats built from a host list:

    counts = torch.tensor(lengths, device=x.device)
    index = torch.repeat_interleave(counts, output_size=sum(lengths))

Without `output_size=` the host reads the total from the GPU (a sync); the host list already
holds it. The fix is offered only where `counts` is provably `torch.tensor(<host list>)`
and nothing can change the list or the tensor between the two:

- safe when every element is provably a non-negative int (`len(s)`, a literal, `t.numel()`
  of a tensor) and the repeats cannot be broadcast (the one-argument form, or a list display
  of other than one element);
- unsafe otherwise, because the total then differs from `sum(...)`:
  * a one-element `counts` is repeated along the whole dimension (`x.repeat_interleave(
    torch.tensor([3]))` of four rows is 12 rows, not 3), and with a wrong `output_size=` torch
    raises on the CPU and only asserts on the device on CUDA;
  * without `output_size=`, a negative count raises "repeats can not be negative" before
    any kernel runs; with it, CUDA checks it only in a device-side assert, which poisons
    the CUDA context instead of raising a catchable error;
  * elements that are not ints (floats, 0-d tensors) raise a different error.

Everything else gets help only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import libcst as cst

from synclint.analysis.names import Imports
from synclint.analysis.uses import binds, occurrences
from synclint.analysis.walker import walk
from synclint.diagnostics import Applicability
from synclint.fixes.pending import PendingFix, Replacement

#: Factories whose result holds exactly the list's values.
_FACTORIES = frozenset({"torch.tensor", "torch.as_tensor"})
#: Calls that read a list without changing it.
_READERS = frozenset({"sum", "len", "list", "tuple", "max", "min", "sorted", "print", "str"})
BROADCAST = ("a one-element count list is repeated along the whole dimension, where the "
             "total is not its sum")
NEGATIVE = ("a negative count raises a clear error without `output_size=`, but with it CUDA "
            "only asserts on the device")
NOT_INTS = "elements that are not ints raise a different error"


@dataclass(frozen=True)
class OutputSizeOutcome:
    fix: PendingFix | None
    #: Why the fix is unsafe (None when it is safe or there is none).
    reason: str | None = None


_NONE = OutputSizeOutcome(None)


@dataclass(frozen=True)
class Facts:
    """What the code says about the call: how to ask about names and tensors."""

    imports: Imports
    #: Whether a node is proven a tensor (for `t.numel()` as a count).
    is_tensor: Callable[[cst.BaseExpression], bool]
    #: Whether a builtin name is the builtin (not shadowed).
    is_builtin: Callable[[str], bool]
    #: Whether a node is proven a sequence of tensors (`parts: list[torch.Tensor]`).
    is_tensor_sequence: Callable[[cst.BaseExpression], bool]


def output_size_fix(call: cst.Call, repeats: cst.BaseExpression, one_argument: bool,
                    scope: cst.CSTNode, parents: Sequence[cst.CSTNode],
                    facts: Facts) -> OutputSizeOutcome:
    """The `output_size=` fix of `call` (whose repeats are `repeats`), or help only.

    `parents`: the call's ancestors, outermost first; `scope`: its function (or module).
    """
    if _has_keyword(call, "output_size"):
        return _NONE
    statement, block = _statement_and_block(parents)
    if statement is None or block is None:
        return _NONE  # in a lambda or a compound statement's header: not followed
    factory, holder = _factory_of(repeats, statement, block, scope, facts)
    if factory is None:
        return _NONE
    data = _data_of(factory)
    if data is None:
        return _NONE
    name = data.value if isinstance(data, cst.Name) else None
    guarded = {n for n in (name, holder) if n is not None}
    if _mentions_other(call, repeats, guarded) or any(
            _in_nested_scope(scope, n) for n in guarded):
        return _NONE  # another argument, or a closure, may read or change them
    if holder is not None and not _untouched_between(block, holder, guarded, statement):
        return _NONE
    reasons: list[str] = []
    if isinstance(data, cst.List):
        values = [_int_literal(e.value) if isinstance(e, cst.Element) else None
                  for e in data.elements]
        if any(v is None or v < 0 for v in values):
            return _NONE  # expressions in the display: help only
        if not one_argument and len(values) == 1:
            reasons.append(BROADCAST)
        return _outcome(call, str(sum(v for v in values if v is not None)), reasons)
    if name is None:
        return _NONE
    proof = _list_proof(name, scope, factory, facts)
    if proof is None:
        return _NONE
    elements_proven, length = proof
    total = _existing_total(name, scope, block, statement, holder) or f"sum({name})"
    if not one_argument and (length is None or length == 1):
        reasons.append(BROADCAST)
    if not elements_proven:
        reasons.extend((NEGATIVE, NOT_INTS))
    return _outcome(call, total, reasons)


def _outcome(call: cst.Call, total: str, reasons: list[str]) -> OutputSizeOutcome:
    keyword = cst.Arg(cst.parse_expression(total), keyword=cst.Name("output_size"),
                      equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                            whitespace_after=cst.SimpleWhitespace("")))
    args = list(call.args)
    last = args[-1] if args else None
    if last is not None and isinstance(last.comma, cst.Comma):
        # A trailing comma (one argument a line): the new argument takes it over, and the
        # old last one gets the comma that separates the others.
        keyword = keyword.with_changes(comma=last.comma)
        between = args[-2].comma if len(args) >= 2 else None
        args[-1] = last.with_changes(comma=between if isinstance(between, cst.Comma)
                                     else cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    code = cst.Module([]).code_for_node(call.with_changes(args=[*args, keyword]))
    applicability = Applicability.UNSAFE if reasons else Applicability.SAFE
    fix = PendingFix(applicability, "Pass `output_size=` (the total the host already knows)",
                     (Replacement(call, code),), compile_safe=True)
    return OutputSizeOutcome(fix, "; ".join(reasons) if reasons else None)


def _has_keyword(call: cst.Call, name: str) -> bool:
    return any(a.keyword is not None and a.keyword.value == name for a in call.args)


def _statement_and_block(parents: Sequence[cst.CSTNode]) -> tuple[
        cst.SimpleStatementLine | None, cst.IndentedBlock | cst.Module | None]:
    """The statement line holding the call, and the block that lists it."""
    for index in range(len(parents) - 1, 0, -1):
        node = parents[index]
        if isinstance(node, cst.Lambda):
            return None, None  # runs later, when the list may have changed
        if isinstance(node, cst.SimpleStatementLine):
            block = parents[index - 1]
            if isinstance(block, (cst.IndentedBlock, cst.Module)):
                return node, block
            return None, None
        if isinstance(node, cst.BaseCompoundStatement):
            return None, None
    return None, None


def _factory_of(repeats: cst.BaseExpression, statement: cst.SimpleStatementLine,
                block: cst.IndentedBlock | cst.Module, scope: cst.CSTNode,
                facts: Facts) -> tuple[cst.Call | None, str | None]:
    """`torch.tensor(...)` that `repeats` is (inline, holder None) or that the name
    `repeats` is bound to once, by a statement of the same block before the call."""
    direct = _strip_moves(repeats)
    if isinstance(direct, cst.Call) and facts.imports.qualify(direct.func) in _FACTORIES:
        return direct, None
    if not isinstance(repeats, cst.Name):
        return None, None
    holder = repeats.value
    bindings = [(n, a) for n, a in occurrences(scope, holder) if binds(n, a)]
    if len(bindings) != 1 or _is_parameter(scope, holder):
        return None, None
    body = list(block.body)
    index = body.index(statement)
    for earlier in body[:index]:
        if not (isinstance(earlier, cst.SimpleStatementLine) and len(earlier.body) == 1):
            continue
        small = earlier.body[0]
        if (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)
                and small.targets[0].target.value == holder):
            value = _strip_moves(small.value)
            if isinstance(value, cst.Call) and facts.imports.qualify(value.func) in _FACTORIES:
                return value, holder
    return None, None


def _strip_moves(node: cst.BaseExpression) -> cst.BaseExpression:
    """`torch.tensor(l).to(x.device)` / `.cuda()` -> `torch.tensor(l)`: moves keep values."""
    while (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
           and node.func.attr.value in ("to", "cuda")
           and all(_device_argument(a) for a in node.args)):
        node = node.func.value
    return node


def _device_argument(arg: cst.Arg) -> bool:
    """`"cuda"`, `x.device`, `device=...`, `non_blocking=True`: arguments that keep values."""
    if arg.keyword is not None:
        return arg.keyword.value in ("device", "non_blocking")
    value = arg.value
    return isinstance(value, cst.SimpleString) or (
        isinstance(value, cst.Attribute) and value.attr.value == "device")


def _data_of(factory: cst.Call) -> cst.BaseExpression | None:
    positional = [a for a in factory.args if a.keyword is None]
    if len(positional) != 1 or positional[0].star:
        return None
    if any(a.keyword is not None and a.keyword.value not in ("device", "dtype", "requires_grad",
                                                               "pin_memory")
           for a in factory.args):
        return None
    return positional[0].value


def _int_literal(node: cst.BaseExpression) -> int | None:
    if isinstance(node, cst.Integer):
        value = node.evaluated_value
        return value if isinstance(value, int) else None
    return None


def _is_parameter(scope: cst.CSTNode, name: str) -> bool:
    if not isinstance(scope, cst.FunctionDef):
        return False
    params = scope.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    if isinstance(params.star_arg, cst.Param):
        every.append(params.star_arg)
    if params.star_kwarg is not None:
        every.append(params.star_kwarg)
    return any(p.name.value == name for p in every)


def _list_proof(name: str, scope: cst.CSTNode, factory: cst.Call,
                facts: Facts) -> tuple[bool, int | None] | None:
    """(every element is a non-negative int, the length when fixed) when `name` is always
    a list in `scope`; None when it may be anything else (a parameter, a global, ...)."""
    if _is_parameter(scope, name):
        return None
    proven = True
    length: int | None = None
    bound = 0
    mutated = False
    for occurrence, ancestors in occurrences(scope, name):
        parent = ancestors[-1] if ancestors else None
        if binds(occurrence, ancestors):
            grand = ancestors[-2] if len(ancestors) >= 2 else None
            if not (isinstance(parent, cst.AssignTarget) and isinstance(grand, cst.Assign)
                    and len(grand.targets) == 1):
                return None  # `for name in ...`, `name += ...`, unpacking: not proven a list
            value = grand.value
            if isinstance(value, cst.List):
                if any(isinstance(e, cst.StarredElement) for e in value.elements):
                    return None
                proven = proven and all(_non_negative(e.value, facts) for e in value.elements)
                length = len(value.elements) if bound == 0 else None
            elif isinstance(value, cst.ListComp):
                proven = proven and _non_negative(value.elt, facts, _tensor_targets(value, facts))
                length = None
            else:
                return None
            bound += 1
            continue
        if isinstance(parent, cst.Attribute) and parent.value is occurrence:
            grand = ancestors[-2] if len(ancestors) >= 2 else None
            if (parent.attr.value == "append" and isinstance(grand, cst.Call)
                    and len(grand.args) == 1):
                proven = proven and _non_negative(grand.args[0].value, facts)
                mutated = True
                continue
            proven = False  # `.extend`, `.insert`, `.pop` ...: not followed
            mutated = True
            continue
        if _read_only(occurrence, ancestors, factory, facts):
            continue
        return None  # an alias or an argument: it may change where the name is not seen
    if bound == 0:
        return None
    return proven, None if mutated or bound != 1 else length


def _read_only(occurrence: cst.Name, ancestors: Sequence[cst.CSTNode], factory: cst.Call,
               facts: Facts) -> bool:
    """The factory's data, a reader builtin's argument, or a `for` loop's iterable."""
    parent = ancestors[-1] if ancestors else None
    if isinstance(parent, cst.Arg) and parent.value is occurrence and len(ancestors) >= 2:
        call = ancestors[-2]
        if call is factory:
            return True
        if (isinstance(call, cst.Call) and isinstance(call.func, cst.Name)
                and call.func.value in _READERS and facts.is_builtin(call.func.value)):
            return True
        if isinstance(call, cst.Call) and facts.imports.qualify(call.func) in _FACTORIES:
            return True
    return isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is occurrence


def _tensor_targets(comprehension: cst.ListComp, facts: Facts) -> frozenset[str]:
    """Names a comprehension binds to the elements of a sequence of tensors."""
    names: set[str] = set()
    clause: cst.CompFor | None = comprehension.for_in
    while clause is not None:
        if isinstance(clause.target, cst.Name) and facts.is_tensor_sequence(clause.iter):
            names.add(clause.target.value)
        clause = clause.inner_for_in
    return frozenset(names)


def _non_negative(node: cst.BaseExpression, facts: Facts,
                  tensors: frozenset[str] = frozenset()) -> bool:
    """Whether `node` is provably a non-negative Python int (`tensors`: names bound to
    tensors by the enclosing comprehension)."""
    def is_tensor(receiver: cst.BaseExpression) -> bool:
        if isinstance(receiver, cst.Name) and receiver.value in tensors:
            return True
        return facts.is_tensor(receiver)

    literal = _int_literal(node)
    if literal is not None:
        return literal >= 0
    if isinstance(node, cst.BinaryOperation) and isinstance(
            node.operator, (cst.Add, cst.Multiply, cst.FloorDivide)):
        return (_non_negative(node.left, facts, tensors)
                and _non_negative(node.right, facts, tensors))
    if isinstance(node, cst.IfExp):
        return (_non_negative(node.body, facts, tensors)
                and _non_negative(node.orelse, facts, tensors))
    if isinstance(node, cst.Call):
        func = node.func
        if isinstance(func, cst.Name) and func.value == "len" and facts.is_builtin("len"):
            return len(node.args) == 1
        if isinstance(func, cst.Attribute) and is_tensor(func.value):
            if func.attr.value == "numel" and not node.args:
                return True
            if func.attr.value == "size" and len(node.args) == 1:
                return True
    if (isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute)
            and node.value.attr.value == "shape" and is_tensor(node.value.value)
            and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index)):
        return True
    return False


def _mentions_other(call: cst.Call, repeats: cst.BaseExpression, names: set[str]) -> bool:
    """Whether an argument of `call` other than the repeats mentions one of `names`."""
    for arg in call.args:
        if arg.value is repeats:
            continue
        if any(isinstance(n, cst.Name) and n.value in names for n in walk(arg.value)):
            return True
    func = call.func
    return isinstance(func, cst.Attribute) and any(
        isinstance(n, cst.Name) and n.value in names for n in walk(func.value))


def _mentions(node: cst.CSTNode, names: set[str]) -> bool:
    return any(isinstance(n, cst.Name) and n.value in names for n in walk(node))


def _untouched_between(block: cst.IndentedBlock | cst.Module, holder: str, names: set[str],
                       statement: cst.SimpleStatementLine) -> bool:
    """No statement between `holder = torch.tensor(...)` and the call's mentions `names`."""
    body = list(block.body)
    end = body.index(statement)
    start = next(i for i in range(end - 1, -1, -1) if _binds_holder(body[i], holder))
    return not any(_mentions(s, names) for s in body[start + 1:end])


def _in_nested_scope(scope: cst.CSTNode, name: str) -> bool:
    """Whether `name` appears in a function, lambda or class nested in `scope` (a closure
    could change it between the two statements without naming it there)."""
    return any(isinstance(a, (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.Global,
                              cst.Nonlocal))
               for _, ancestors in occurrences(scope, name) for a in ancestors)


def _binds_holder(statement: cst.CSTNode, holder: str) -> bool:
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
        return False
    small = statement.body[0]
    return (isinstance(small, cst.Assign) and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Name)
            and small.targets[0].target.value == holder)


def _existing_total(name: str, scope: cst.CSTNode, block: cst.IndentedBlock | cst.Module,
                    statement: cst.SimpleStatementLine, holder: str | None) -> str | None:
    """`total` when `total = sum(name)` runs, in the same block, after the list's last change
    before the call: the code's own name for the sum."""
    body = list(block.body)
    end = body.index(statement)
    for index in range(end - 1, -1, -1):
        earlier = body[index]
        if holder is not None and _binds_holder(earlier, holder):
            continue
        if not (isinstance(earlier, cst.SimpleStatementLine) and len(earlier.body) == 1):
            return None
        small = earlier.body[0]
        if (isinstance(small, cst.Assign) and len(small.targets) == 1
                and isinstance(small.targets[0].target, cst.Name)
                and isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Name)
                and small.value.func.value == "sum" and len(small.value.args) == 1
                and isinstance(small.value.args[0].value, cst.Name)
                and small.value.args[0].value.value == name):
            total = small.targets[0].target.value
            bindings = [n for n, a in occurrences(scope, total) if binds(n, a)]
            return total if len(bindings) == 1 and not _is_parameter(scope, total) else None
        if _mentions(earlier, {name}):
            return None  # the list may have changed since
    return None


HELP = "Pass `output_size=` (the total, when the host knows it) so no sync is needed."


def output_size_help(outcome: OutputSizeOutcome) -> str:
    """The finding's remedy: the fix's total when there is one, and why it is unsafe."""
    if outcome.fix is None:
        return HELP
    help = ("Pass `output_size=`: the host already has the total (the sum of the list the "
            "counts are made from), so no sync is needed.")
    if outcome.reason is not None:
        help += f" The fix is unsafe: {outcome.reason}."
    return help
