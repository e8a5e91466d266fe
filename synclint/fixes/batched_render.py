"""How the batched fix is written: the statements that read a loop's values with one
transfer (per device and dtype where those may differ), laid out the way black would."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from synclint.fixes.layout import DEFAULT_LINE_LENGTH, statement

#: Words for the value a read computes, by the operation that computes it.
_PLURALS = {"has_nan": "nan_flags", "has_inf": "inf_flags", "finite": "finite_flags",
            "total": "totals", "largest": "maxima", "smallest": "minima", "flag": "flags",
            "value": "values", "count": "counts", "std": "stds", "var": "variances"}
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Read:
    """One value the loop reads: the expression collected in the first pass (with its
    guard: `None` where the guard does not hold) and the word it is named by."""

    collected: str
    word: str
    guarded: bool
    #: `collected` without the `.view(())` that makes a one-element tensor 0-d.
    as_is: str = ""


@dataclass(frozen=True)
class Plan:
    reads: tuple[Read, ...]
    #: The loop target and what the first pass iterates.
    target: str
    source: str
    #: Code of an iterable the fix copies into a list first (None: iterate it twice).
    materialise: str | None
    #: Every value read has a dtype of one class (floating, bool or int64): one stack
    #: keeps every value and its Python type. Otherwise the fix stacks per dtype.
    uniform: bool
    indent: str
    unit: str = "    "
    line_length: int = DEFAULT_LINE_LENGTH
    #: The guard of the one value read, where the loop reads it exactly when the guard
    #: holds: the first pass keeps only those elements (`if p.grad is not None`), and the
    #: loop takes the next value where it read one (`values` is then an iterator). ""
    #: where it reads one value per element.
    only_if: str | None = None
    #: Every value read has one dtype and one device (pieces of one tensor): the stack
    #: needs no `.to(device)`.
    one_device: bool = False
    #: The iterable copied first is a list or tuple display: it is bound as it is.
    display: bool = False
    #: `zip(..., strict=True)` (Python 3.10 and later).
    zip_strict: bool = True
    #: A list or tuple whose elements are the rows of values read (`for a, b in pairs`
    #: reading `a` and `b`): the column form needs no first pass.
    rows: str | None = None


@dataclass(frozen=True)
class Names:
    items: str
    reads: str
    flat: str
    host: str
    device: str
    values: str
    #: Whether the values read share one device and dtype.
    kinds: str
    #: A shorter name for `reads` (`flags` for `finite_flags`), used where the long one
    #: would make a statement wrap; None where there is none.
    short: str | None
    #: What replaces each read in the rewritten loop.
    row: tuple[str, ...]


def plural(word: str) -> str:
    if word in _PLURALS:
        return _PLURALS[word]
    if word.endswith(("s", "x", "sh", "ch")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def choose_names(plan_reads: tuple[Read, ...], taken: set[str]) -> Names:
    """Names derived from what the loop reads (`norms`, `nan_flags`), with `_2`, `_3` ...
    where the scope already uses one."""
    single = len(plan_reads) == 1
    words = [read.word for read in plan_reads]
    if not single:
        seen: dict[str, int] = {}
        for index, word in enumerate(words):
            seen[word] = seen.get(word, 0) + 1
            if seen[word] > 1:
                words[index] = f"{word}_{seen[word]}"
    reads_word = plural(words[0]) if single and not words[0].endswith("value") else "reads"
    base = {"items": "items", "reads": reads_word, "flat": "flat", "host": "host",
            "device": "device", "values": "values", "kinds": "alike"}
    chosen: dict[str, str] = {}
    for key, word in [*base.items(), *((f"row{i}", w) for i, w in enumerate(words))]:
        if key == "values" and word in taken and single \
                and not words[0].endswith("value") and f"{words[0]}_values" not in taken:
            word = f"{words[0]}_values"  # the code's own `values`: `norm_values`, not `values_2`
        counter = 1
        name = word
        while name in taken or name in chosen.values():
            counter += 1
            name = f"{word}_{counter}"
        chosen[key] = name
    short: str | None = None
    suffix = reads_word.rpartition("_")[2]
    if "_" in reads_word and len(suffix) >= 4 and suffix not in taken \
            and suffix not in chosen.values():
        short = suffix
        chosen["short"] = short
    taken.update(chosen.values())
    row = tuple(chosen[f"row{i}"] for i in range(len(words)))
    return Names(row=row, short=short, **{key: chosen[key] for key in base})


def by_columns(plan: Plan) -> bool:
    """Several values of unknown dtypes per element: `values` holds a column per value
    read (the loop takes `zip(*values)`), and the row target has no parentheses."""
    return len(plan.reads) > 1 and plan.only_if is None and not plan.uniform \
        and not any(read.guarded for read in plan.reads)


def prelude(plan: Plan, names: Names) -> tuple[list[str], str]:
    """The statements before the loop (relative to its indentation), and the loop's new
    row target: with the shorter name for the values read (`flags` for `finite_flags`)
    where the long one makes the statements wrap over more lines."""
    best = _render(plan, names)
    if names.short is not None:
        shorter = _render(plan, replace(names, reads=names.short))
        if len(shorter[0]) < len(best[0]):
            best = shorter
    return best


def _render(plan: Plan, names: Names) -> tuple[list[str], str]:
    out: list[str] = []

    def emit(name: str, expr: str) -> None:
        out.extend(statement(f"{name} = ", expr, indent=plan.indent, unit=plan.unit,
                             line_length=plan.line_length))

    if plan.materialise is not None:
        emit(names.items, plan.materialise if plan.display else f"list({plan.materialise})")
    single = len(plan.reads) == 1
    guarded = any(read.guarded for read in plan.reads)
    if plan.only_if is not None:
        _filtered(plan, names, emit)
        return out, ""
    columns = by_columns(plan)
    if single:
        element = plan.reads[0].collected
        row_target = names.row[0]
    else:
        element = "(" + ", ".join(read.as_is if columns else read.collected
                                  for read in plan.reads) + ")"
        row_target = "(" + ", ".join(names.row) + ")"
    if columns and plan.rows is not None:
        _emit_columns(plan, names, emit, plan.rows)
        return out, ", ".join(names.row)
    emit(names.reads, f"[{element} for {plan.target} in {plan.source}]")
    reads = names.reads
    if columns:
        _emit_columns(plan, names, emit, reads)
        return out, ", ".join(names.row)
    if single and not guarded and not plan.uniform:
        _emit_alike(names, emit, names.values, "{values}", reads)
        return out, row_target
    if single and not guarded:
        flat = reads
    else:
        flat = names.flat
        if single:
            emit(flat, f"[r for r in {reads} if r is not None]")
        else:
            emit(flat, f"[r for row in {reads} for r in row"
                       f"{' if r is not None' if guarded else ''}]")
    if plan.uniform:
        # torch.stack needs one device: move every value onto the first one's device
        # (`.to()` onto the device a tensor is on already returns it, without a copy).
        if single and not guarded:
            name, template = names.values, "{stacked}.tolist() if {flat} else []"
        else:
            name, template = names.host, "iter({stacked}.tolist() if {flat} else [])"
        _emit_stack(plan, names, emit, name, template, flat)
        if single and not guarded:
            return out, row_target
        take = f"next({names.host})"
    else:
        # One stack per (device, dtype): every value keeps its exact value and Python
        # type (an int64 count is not converted to float next to a float loss).
        key = "(r.device, r.dtype)"
        emit(names.host, f"{{k: iter(torch.stack([r for r in {flat} if {key} == k]).tolist())"
                         f" for k in {{{key} for r in {flat}}}}}")
        take = f"next({names.host}[r.device, r.dtype])"
    if single:
        value = f"None if r is None else {take}" if guarded else take
        emit(names.values, f"[{value} for r in {reads}]")
    else:
        value = f"None if r is None else {take}" if guarded else take
        emit(names.values, f"[tuple({value} for r in row) for row in {reads}]")
    return out, row_target


def _emit_stack(plan: Plan, names: Names, emit: Callable[[str, str], None], name: str,
                template: str, flat: str) -> None:
    """`name = <template>` around one `torch.stack` of `flat`, every value moved onto the
    first one's device. Where that does not fit on a line, the device gets a line of its
    own, or the list is moved onto one device first, whichever wraps over fewer lines."""
    if plan.one_device:
        emit(name, template.format(stacked=f"torch.stack({flat})", flat=flat))
        return
    inline = template.format(
        stacked=f"torch.stack([r.to({flat}[0].device) for r in {flat}])", flat=flat)
    if len(plan.indent) + len(f"{name} = {inline}") <= plan.line_length:
        emit(name, inline)
        return
    # `flat` is the fix's own name: rebinding it changes nothing the loop reads.
    forms = [
        [(names.device, f"{flat}[0].device if {flat} else None"),
         (name, template.format(stacked=f"torch.stack([r.to({names.device}) for r in {flat}])",
                                flat=flat))],
        [(flat, f"[r.to({flat}[0].device) for r in {flat}]"),
         (name, template.format(stacked=f"torch.stack({flat})", flat=flat))],
    ]

    def height(form: list[tuple[str, str]]) -> int:
        return sum(len(statement(f"{target} = ", expr, indent=plan.indent, unit=plan.unit,
                                 line_length=plan.line_length)) for target, expr in form)

    for target, expr in min(forms, key=height):
        emit(target, expr)


def _emit_alike(names: Names, emit: Callable[[str, str], None], name: str, template: str,
                reads: str) -> None:
    """`name = <template>` around the Python values of `reads`: one stack where they share
    one device and dtype (no promotion: each keeps its value and Python type), else one
    `.item()` each, as the loop did (torch would promote an int64 next to a float)."""
    emit(names.kinds, f"len({{(r.device, r.dtype) for r in {reads}}}) == 1")
    emit(name, template.format(values=f"torch.stack({reads}).tolist() if {names.kinds} "
                                      f"else [r.item() for r in {reads}]"))


def _emit_columns(plan: Plan, names: Names, emit: Callable[[str, str], None],
                  reads: str) -> None:
    """`values`: per value the loop reads, the column of its Python values (the loop takes
    `zip(*values)`). Where every row's values have the devices and dtypes of the first
    row's, one transfer per column: a count, a flag and a loss each keep their value and
    type. Otherwise one `.item()` each, as the loop did (one stack would promote)."""
    emit(names.kinds, f"len({{tuple((r.device, r.dtype) for r in row) for row in {reads}}}) < 2")
    strict = ", strict=True" if plan.zip_strict else ""
    # `r.view(1)`: any one-element tensor, whatever its shape, as `.item()` takes it (and
    # an error, as `.item()` gives, for one with more elements).
    emit(names.values, f"[{column_values('c')} if {names.kinds} else [r.item() for r in c]"
                       f" for c in zip(*{reads}{strict})]")


def column_values(column: str) -> str:
    """The Python values of a column of one-element tensors of one device and dtype."""
    return f"torch.cat([r.view(1) for r in {column}]).tolist()"


def _filtered(plan: Plan, names: Names, emit: Callable[[str, str], None]) -> None:
    """`reads = [v for t in ts if guard]` and `values`, an iterator over their Python
    values in order (the loop calls `next(values)` where it read one). With several reads
    per element: a row of them (`None` where a read's guard does not hold), and the values
    of those that are not `None`, in the order the loop reads them."""
    reads, values = names.reads, names.values
    if len(plan.reads) > 1:
        element = "(" + ", ".join(read.collected for read in plan.reads) + ")"
        emit(reads, f"[{element} for {plan.target} in {plan.source}]")
        reads = names.flat
        emit(reads, f"[r for row in {names.reads} for r in row if r is not None]")
    else:
        condition = f" if {plan.only_if}" if plan.only_if else ""
        emit(reads,
             f"[{plan.reads[0].collected} for {plan.target} in {plan.source}{condition}]")
    if plan.uniform:
        _emit_stack(plan, names, emit, values, "iter({stacked}.tolist() if {flat} else [])",
                    reads)
    else:
        _emit_alike(names, emit, values, "iter({values})", reads)


def identifiers(code: str) -> set[str]:
    return set(_IDENTIFIER.findall(code))
