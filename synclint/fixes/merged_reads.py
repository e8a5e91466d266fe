"""Merged reads: several separate host reads of 0-d tensors become one transfer.

    loss_value, acc_value = torch.stack([loss, acc]).tolist()

inserted before the first statement that reads, each read replaced by its value. Reads of
one tensor's elements (`votes[0].item()`, `int(shape[1])`) take one `votes_list =
votes.tolist()` (`votes.reshape(len(votes)).tolist()` where the rank is not known: it
raises, as the reads did, for rows of several values). Reads of different dtype families (float, int, bool) get one stack each,
so an int read stays an int and a bool read a bool (`torch.stack` would promote them to a
common dtype); where the dtypes are not known there is no fix. Reads of one-element
tensors of other shapes are viewed as 0-d (`.view(())`, which raises as `.item()` does for
more elements). Tensors computed from different tensors may live on different devices:
that fix is unsafe.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Callable, Sequence
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


@dataclass(frozen=True)
class TensorKnowledge:
    """What the rule's analysis proves of a tensor expression: its number of dimensions,
    and whether the code (not an annotation) makes it a tensor."""

    rank: Callable[[cst.BaseExpression], int | None]
    proven: Callable[[cst.BaseExpression], bool]
    #: The value a local name holds at the reads (its one reaching assignment), or None.
    value: Callable[[str], cst.BaseExpression | None]


def merged_reads_fix(reads: Sequence[Read], statements: Sequence[cst.SimpleStatementLine],
                     indent: str, taken: set[str], moves_code_across: str | None,
                     knowledge: TensorKnowledge | None = None,
                     conditional: Sequence[Read] = ()) -> MergeOutcome:
    """The merge of `reads` (in evaluation order), inserted before the first of the
    consecutive `statements` that hold them (or replacing them all, when each is only
    `name = <read>`: `a, b = torch.stack([x, y]).tolist()`).

    `taken`: names the scope uses already. `moves_code_across`: why evaluating the reads
    earlier than they are written could change what happens, or None when it cannot.
    `conditional`: reads the statements make on some paths only (`a.item() and
    votes[1].item()`); those of an element of a tensor listed anyway take it from the list.
    """
    code = cst.Module([]).code_for_node
    unsafe: list[str] = []
    lines: list[str] = []
    replacements: list[Replacement] = []
    listed = _element_lists(reads, knowledge, taken, lines, replacements, conditional)
    reads = [read for read in reads if id(read) not in listed]
    dtypes = [read.facts.dtype for read in reads]
    families: dict[str | None, list[Read]]
    unknown = "the dtypes are not known, and one `torch.stack` of an int and a float would " \
              "turn the int into a float"
    if any(dtype is None for dtype in dtypes):
        # `x.min()` and `x.max()`: reductions that keep the dtype of one tensor share it.
        families = {"same" if _one_dtype(reads, knowledge) else None: list(reads)}
    else:
        families = stack_families(reads)
    if not listed and all(len(group) < 2 for group in families.values()):
        return MergeOutcome(None, "the reads have different dtypes: one transfer each is "
                                  "already the fewest")
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
        if dtype is None:
            continue  # see `unknown`
        if dtype == "same":
            dtype = None  # one dtype, not known: `.item()` reads keep it
        stacked.extend(group)
        roots = set().union(*(r.facts.roots for r in group))
        if len(roots) > 1 or "?" in roots:
            several_devices = True
        # One-element tensors of any shape, as `.item()` takes them (a 0-d `.view(())` of a
        # tensor of several values raises, as `.item()` does).
        distinct = list({code(r.receiver): r for r in reversed(group)}.values())[::-1]
        elements = [_element(r) for r in distinct]
        targets = ", ".join(receivers.values())
        lines.append(f"{targets} = torch.stack([{', '.join(elements)}]).tolist()")
        for read in group:
            replacements.append(Replacement(read.call, _converted(
                read, receivers[code(read.receiver)], dtype)))
    if not lines:
        return MergeOutcome(None, unknown)
    if several_devices:
        unsafe.append("the tensors are not all computed from one tensor, so they may live on "
                      "different devices, where `torch.stack` raises")
    if moves_code_across is not None:
        unsafe.append(moves_code_across)
    compact = _compact(reads, statements, families, lines) if not listed else None
    if compact is not None:
        replacements = [compact]
    else:
        insertion = "".join(f"{line}\n{indent}" for line in lines)
        replacements.insert(0, Replacement(statements[0], insertion, mode="before"))
    applicability = Applicability.UNSAFE if unsafe else Applicability.SAFE
    uses_torch = any("torch." in line for line in lines)
    message = ("Read the values in one transfer (`torch.stack(...).tolist()`)" if uses_torch
               else "Read the tensor's values once (`.tolist()`)")
    fix = PendingFix(applicability, message, tuple(replacements),
                     imports=("torch",) if uses_torch else ())
    return MergeOutcome(fix, "; ".join(unsafe) if unsafe else None)


def _element(read: Read) -> str:
    code = cst.Module([]).code_for_node(read.receiver)
    if read.facts.zero_dim:
        return code
    atom = isinstance(read.receiver, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)) \
        or bool(read.receiver.lpar)
    return f"{code if atom else f'({code})'}.view(())"


def _element_lists(reads: Sequence[Read], knowledge: TensorKnowledge | None, taken: set[str],
                   lines: list[str], replacements: list[Replacement],
                   conditional: Sequence[Read] = ()) -> set[int]:
    """`votes[0].item()`, `votes[1].item()`: one `votes_list = votes.tolist()` (flattened
    where the code does not fix the rank: one-element rows keep their values), each read
    its element; a read of another element on some paths only (`... and votes[1].item()`)
    too: the list holds it already. The ids of the reads taken so."""
    code = cst.Module([]).code_for_node

    def tensor_of(read: Read) -> str | None:
        tensor = _element_of(read)
        return None if tensor is None else code(tensor)
    groups: dict[str, list[Read]] = {}
    for read in reads:
        tensor_code = tensor_of(read)
        if tensor_code is not None:
            groups.setdefault(tensor_code, []).append(read)
    listed: set[int] = set()
    for tensor_code, group in groups.items():
        if len(group) < 2:
            continue
        group = [*group, *(r for r in conditional if tensor_of(r) == tensor_code)]
        tensor = group[0].receiver.value  # type: ignore[attr-defined]
        if knowledge is None or not knowledge.proven(tensor):
            continue  # only an annotation says it is a tensor: a list has no `.tolist()`
        rank = knowledge.rank(tensor)
        name = _fresh_list_name(tensor, taken)
        # Of unknown rank: one value per row, as `.item()` needs (`.flatten()` would give
        # values where `.item()` of a row of several raised; the reshape raises too).
        flat = "" if rank == 1 else f".reshape(len({tensor_code}))"
        lines.append(f"{name} = {tensor_code}{flat}.tolist()")
        for read in group:
            index = code(read.receiver.slice[0].slice.value)  # type: ignore[attr-defined]
            value = f"{name}[{index}]"
            if read.how == "item":
                replacements.append(Replacement(read.call, value))
            else:
                replacements.append(Replacement(read.receiver, value))
            listed.add(id(read))
    return listed


def _element_of(read: Read) -> cst.BaseExpression | None:
    """The tensor of `tensor[<int>].item()` (a name or an attribute), or None."""
    receiver = read.receiver
    if isinstance(receiver, cst.Subscript) and isinstance(
            receiver.value, (cst.Name, cst.Attribute)) and len(receiver.slice) == 1 \
            and isinstance(receiver.slice[0].slice, cst.Index) \
            and _int_literal(receiver.slice[0].slice.value):
        return receiver.value
    return None


#: Reductions whose result has the dtype of the tensor reduced.
_DTYPE_KEEPING = frozenset({"min", "max", "amin", "amax", "median", "nanmedian"})


def _one_dtype(reads: Sequence[Read], knowledge: TensorKnowledge | None) -> bool:
    """Every value is a dtype-keeping reduction (`.min()`, `.max()`) of one tensor, with
    no arguments (directly or through a local name): they share its dtype and device
    whatever it is."""
    code = cst.Module([]).code_for_node
    bases = set()
    for read in reads:
        receiver = read.receiver
        if isinstance(receiver, cst.Name) and knowledge is not None:
            receiver = knowledge.value(receiver.value) or receiver
        if not (isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Attribute)
                and receiver.func.attr.value in _DTYPE_KEEPING and not receiver.args
                and read.how == "item"):
            return False
        bases.add(code(receiver.func.value))
    return len(bases) == 1


def _int_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


def _fresh_list_name(tensor: cst.BaseExpression, taken: set[str]) -> str:
    base = tensor.attr.value if isinstance(tensor, cst.Attribute) else \
        tensor.value if isinstance(tensor, cst.Name) else "values"
    return _fresh(f"{base}_list", taken)


def _fresh(name: str, taken: set[str]) -> str:
    candidate, n = name, 2
    while candidate in taken:
        candidate = f"{name}_{n}"
        n += 1
    taken.add(candidate)
    return candidate


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
    if dtype == "same":
        dtype = None  # one dtype, not known (`x.min()`, `x.max()`)
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
