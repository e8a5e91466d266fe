"""Merged reads: several separate host reads of 0-d tensors become one stacked transfer.

    loss_value, acc_value = torch.stack([loss, acc]).tolist()

inserted before the first statement that reads, each read replaced by its value. Reads of
different dtype families (float, int, bool) get one stack each, so an int read stays an
int and a bool read a bool (`torch.stack` would promote them to a common dtype).
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from synclint.analysis.scalars import Scalar
from synclint.diagnostics import Applicability
from synclint.fixes.pending import PendingFix, Replacement

#: What each kind of read gives for each dtype family without a conversion.
_NATIVE = {"item": ("float", "int", "bool"), "float": ("float",), "int": ("int",),
           "bool": ("bool",)}
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class Read:
    """One host read: `receiver.item()` or `float(receiver)` / `int(...)` / `bool(...)`."""

    call: cst.Call
    receiver: cst.BaseExpression
    #: "item", "float", "int" or "bool".
    how: str
    facts: Scalar
    #: A name the value could be called by (a dict key, the assigned name), if any.
    hint: str | None = None


@dataclass(frozen=True)
class MergeOutcome:
    fix: PendingFix | None
    #: Why the fix is unsafe (with a fix) or why there is none (without).
    reason: str | None


def merged_reads_fix(reads: Sequence[Read], statements: Sequence[cst.SimpleStatementLine],
                     indent: str, taken: set[str], moves_code_across: str | None) -> MergeOutcome:
    """The merge of `reads` (in evaluation order), inserted before the first of the
    consecutive `statements` that hold them (or replacing them all, when each is only
    `name = <read>`: `a, b = torch.stack([x, y]).tolist()`).

    `taken`: names the scope uses already. `moves_code_across`: why evaluating the reads
    earlier than they are written could change what happens, or None when it cannot.
    """
    code = cst.Module([]).code_for_node
    dtypes = [read.facts.dtype for read in reads]
    unsafe: list[str] = []
    families: dict[str | None, list[Read]]
    if any(dtype is None for dtype in dtypes):
        families = {None: list(reads)}
    else:
        families = stack_families(reads)
    if all(len(group) < 2 for group in families.values()):
        return MergeOutcome(None, "the reads have different dtypes: one transfer each is "
                                  "already the fewest")
    lines: list[str] = []
    replacements: list[Replacement] = []
    stacked: list[Read] = []
    several_devices = False
    for dtype, group in families.items():
        receivers: dict[str, str] = {}  # receiver code -> value name
        for read in group:
            key = code(read.receiver)
            if key not in receivers:
                receivers[key] = _fresh_name(read, taken)
        if len(group) < 2:
            continue
        if len(receivers) == 1:
            # The same tensor read several times: read it once.
            value = next(iter(receivers.values()))
            lines.append(f"{value} = {_item(group[0].receiver)}")
            for read in group:
                replacements.append(Replacement(read.call, _converted(read, value, None)))
            continue
        stacked.extend(group)
        roots = set().union(*(r.facts.roots for r in group))
        elements = list(receivers)
        if len(roots) > 1 or "?" in roots:
            several_devices = True
        targets = ", ".join(receivers.values())
        lines.append(f"{targets} = torch.stack([{', '.join(elements)}]).tolist()")
        for read in group:
            replacements.append(Replacement(read.call, _converted(
                read, receivers[code(read.receiver)], dtype)))
    if any(r.facts.dtype is None for r in stacked):
        unknown = list(dict.fromkeys(f"`{code(r.receiver)}`" for r in stacked
                                     if r.facts.dtype is None))
        unsafe.append(f"the dtype of {', '.join(unknown[:3])} is not known, and `torch.stack` "
                      "promotes mixed dtypes (an int read would come back a float)")
    not_0d = list(dict.fromkeys(f"`{code(r.receiver)}`" for r in stacked
                                if not r.facts.zero_dim))
    if not_0d:
        unsafe.append(f"{', '.join(not_0d[:3])} may not be 0-d: stacking one-element tensors "
                      "of other shapes gives nested lists or raises")
    if several_devices:
        unsafe.append("the tensors are not all computed from one tensor, so they may live on "
                      "different devices, where `torch.stack` raises")
    if moves_code_across is not None:
        unsafe.append(moves_code_across)
    compact = _compact(reads, statements, families, lines)
    if compact is not None:
        replacements = [compact]
    else:
        insertion = "".join(f"{line}\n{indent}" for line in lines)
        replacements.insert(0, Replacement(statements[0], insertion, mode="before"))
    applicability = Applicability.UNSAFE if unsafe else Applicability.SAFE
    fix = PendingFix(applicability, "Read the values in one transfer (`torch.stack(...).tolist()`)",
                     tuple(replacements), imports=("torch",))
    return MergeOutcome(fix, "; ".join(unsafe) if unsafe else None)


def _compact(reads: Sequence[Read], statements: Sequence[cst.SimpleStatementLine],
             families: dict[str | None, list[Read]], lines: list[str]) -> Replacement | None:
    """`a = x.item()` / `b = y.item()` -> `a, b = torch.stack([x, y]).tolist()`: when every
    statement is one such assignment with no comment, and one stack reads them all."""
    if len(lines) != 1 or len(families) != 1 or len(statements) != len(reads):
        return None
    (dtype,) = families
    targets: list[str] = []
    for read, statement in zip(reads, statements):
        if len(statement.body) != 1 or _has_comment(statement, first=statement is statements[0]):
            return None
        small = statement.body[0]
        if not (isinstance(small, cst.Assign) and small.value is read.call
                and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
            return None
        if _converted(read, "v", dtype) != "v":
            return None
        targets.append(small.targets[0].target.value)
    code = cst.Module([]).code_for_node
    if len(set(targets)) != len(targets) or len({code(r.receiver) for r in reads}) != len(reads):
        return None
    stack = lines[0].partition(" = ")[2]
    return Replacement(statements[0], f"{', '.join(targets)} = {stack}", through=statements[-1])


def _has_comment(statement: cst.SimpleStatementLine, *, first: bool) -> bool:
    if statement.trailing_whitespace.comment is not None:
        return True
    return not first and any(line.comment is not None for line in statement.leading_lines)


def stack_families(reads: Sequence[Read]) -> dict[str | None, list[Read]]:
    """Reads by the dtype family of their stack: floats, ints, and bools with either (a
    bool stacked with floats or ints comes back as 1.0 / 1 and `bool(v)` restores it)."""
    families: dict[str | None, list[Read]] = {}
    for read in reads:
        families.setdefault(read.facts.dtype, []).append(read)
    if "bool" in families and len(families) > 1:
        host = "int" if "int" in families else "float"
        families[host].extend(families.pop("bool"))
    return families


def mergeable(reads: Sequence[Read]) -> bool:
    """Whether fewer transfers could read these values: some stack would hold two."""
    if any(read.facts.dtype is None for read in reads):
        return len(reads) >= 2
    return any(len(group) >= 2 for group in stack_families(reads).values())


def _item(receiver: cst.BaseExpression) -> str:
    code = cst.Module([]).code_for_node(receiver)
    atom = isinstance(receiver, (cst.Name, cst.Attribute, cst.Subscript, cst.Call))
    return f"{code}.item()" if atom or receiver.lpar else f"({code}).item()"


def _converted(read: Read, value: str, dtype: str | None) -> str:
    """The read's result from the stacked Python value (of family `dtype`): `float(t)` of
    an int tensor is `float(v)`; `.item()` of a bool tensor stacked with ints, `bool(v)`."""
    if read.how == "item":
        if dtype is None or read.facts.dtype == dtype:
            return value
        return f"{read.facts.dtype}({value})"
    if dtype is not None and dtype in _NATIVE[read.how]:
        return value
    return f"{read.how}({value})"


def _fresh_name(read: Read, taken: set[str]) -> str:
    base = read.hint
    if base is None or not _IDENTIFIER.match(base) or keyword.iskeyword(base):
        receiver = read.receiver
        while isinstance(receiver, cst.Subscript):
            receiver = receiver.value  # `votes[0]` -> votes_value
        if isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute):
            base = receiver.func.attr.value  # `t.mean()` -> mean_value
        elif isinstance(receiver, cst.Name):
            base = receiver.value
        elif isinstance(receiver, cst.Attribute):
            base = receiver.attr.value
        else:
            base = "value"
    name = base if base.endswith("_value") else f"{base}_value"
    candidate, n = name, 2
    while candidate in taken:
        candidate = f"{name}_{n}"
        n += 1
    taken.add(candidate)
    return candidate
