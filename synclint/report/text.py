"""The human formats: `path:row:col: CODE [*] message` (text), the same with the source
lines under each finding (full), per-rule counts (statistics) and the summary lines."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from synclint.diagnostics import Applicability, Diagnostic
from synclint.hidden import hint as hidden_hint
from synclint.rule_info import SYNTAX_ERROR, info

ALL_PASSED = "All checks passed!"

#: Reads a shown file name's text for the full format (None when it cannot).
SourceReader = Callable[[str], "str | None"]


def applicable(d: Diagnostic, unsafe_fixes: bool) -> bool:
    """Whether this run's `--fix` would apply the finding's fix (ruff's `[*]`)."""
    return d.fix is not None and (unsafe_fixes or d.fix.applicability is Applicability.SAFE)


def position(d: Diagnostic) -> str:
    """`path:row:col`, or `nb.ipynb:cell 3:2:5` for a notebook cell (like ruff)."""
    if d.cell is not None:
        return f"{d.filename}:cell {d.cell}:{d.location.row}:{d.location.column}"
    return f"{d.filename}:{d.location.row}:{d.location.column}"


def runtime_note(d: Diagnostic) -> str:
    """` [N syncs]` when a runtime profile measured the finding (`check --runtime`);
    ` [N graph breaks measured]` from a `profile --compile` run."""
    notes = []
    if d.runtime_syncs is not None:
        notes.append(f"{d.runtime_syncs} sync{'s' if d.runtime_syncs != 1 else ''}")
    if d.runtime_graph_breaks is not None:
        count = d.runtime_graph_breaks
        notes.append(f"{count} graph break{'s' if count != 1 else ''} measured")
    return f" [{', '.join(notes)}]" if notes else ""


def graph_break_note(d: Diagnostic) -> str:
    """` [graph break]` for a finding that breaks a compiled graph, with the Dynamo flag
    that would avoid it (` [graph break; capture_scalar_outputs avoids it]`)."""
    if not d.graph_break:
        return ""
    if d.graph_break_flag:
        return f" [graph break; {d.graph_break_flag} avoids it]"
    return " [graph break]"


def render_text(diagnostics: Sequence[Diagnostic], *, unsafe_fixes: bool = False) -> str:
    lines = []
    for d in diagnostics:
        marker = " [*]" if applicable(d, unsafe_fixes) else ""
        lines.append(f"{position(d)}: {d.code}{marker} {d.message}{runtime_note(d)}"
                     f"{graph_break_note(d)}")
    return "\n".join(lines) + ("\n" if lines else "")


def render_full(diagnostics: Sequence[Diagnostic], *, unsafe_fixes: bool = False,
                read: SourceReader | None = None) -> str:
    """Like ruff's full format: each finding, the lines it covers with a caret line under
    the reported span, then `help:` with the remedy."""
    texts: dict[tuple[str, int | None], list[str] | None] = {}
    blocks = []
    for d in diagnostics:
        marker = " [*]" if applicable(d, unsafe_fixes) else ""
        block = [f"{position(d)}: {d.code}{marker} {d.message}{runtime_note(d)}"
                 f"{graph_break_note(d)}"]
        key = (d.filename, d.cell)
        if key not in texts:
            text = read(d.filename) if read is not None else read_file(d.filename)
            if text is not None and d.cell is not None:
                text = _cell_source(text, d.cell)
            texts[key] = text.splitlines() if text is not None else None
        lines = texts[key]
        if lines is not None and 1 <= d.location.row <= len(lines):
            block.extend(_snippet(lines, d))
        if d.help:
            block.append(f"  = help: {d.help}")
        blocks.append("\n".join(block) + "\n")
    return "\n".join(blocks)


def _snippet(lines: list[str], d: Diagnostic) -> list[str]:
    first = max(1, d.location.row - 1)
    last = min(len(lines), max(d.end_location.row, d.location.row) + 1)
    width = len(str(last))
    out = [f"{' ' * width} |"]
    for row in range(first, last + 1):
        text = lines[row - 1]
        out.append(f"{row:>{width}} | {text}")
        if d.location.row <= row <= d.end_location.row:
            start = d.location.column if row == d.location.row else 1
            end = d.end_location.column if row == d.end_location.row else len(text) + 1
            span = max(1, end - start)
            out.append(f"{' ' * width} | {' ' * (start - 1)}{'^' * span}")
    out.append(f"{' ' * width} |")
    return out


def _cell_source(notebook: str, cell: int) -> str | None:
    """The source of a notebook's cell (1-based), or None."""
    try:
        source = json.loads(notebook)["cells"][cell - 1].get("source", "")
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None
    return "".join(source) if isinstance(source, list) else str(source)


def read_file(filename: str) -> str | None:
    try:
        with open(filename, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return None


def _name(code: str) -> str:
    if code == SYNTAX_ERROR:
        return "syntax-error"
    found = info(code)
    return found.name if found is not None else code


def render_statistics(diagnostics: Sequence[Diagnostic], *, unsafe_fixes: bool = False,
                      output_format: str = "text") -> str:
    """Counts per rule, most frequent first (like `ruff check --statistics`); with
    `output_format="json"`, ruff's JSON: code, name, count, fixable."""
    counts = Counter(d.code for d in diagnostics)
    fixable = {d.code for d in diagnostics if applicable(d, unsafe_fixes)}
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if output_format == "json":
        return json.dumps([{"code": code, "name": _name(code), "count": count,
                            "fixable": code in fixable} for code, count in ordered],
                          indent=2) + "\n"
    width = max((len(str(n)) for n in counts.values()), default=1)
    lines = []
    for code, count in ordered:
        marker = "[*]" if code in fixable else "[ ]"
        lines.append(f"{count:>{width}}\t{code}\t{marker} {_name(code)}")
    return "\n".join(lines) + ("\n" if lines else "")


def _errors(n: int) -> str:
    return f"{n} error{'s' if n != 1 else ''}"


def _hidden(n: int) -> str:
    return (f"{n} hidden fix{'es' if n != 1 else ''} can be enabled with the "
            "`--unsafe-fixes` option")


def summary_lines(diagnostics: Sequence[Diagnostic], *, fixed: int = 0, fix_mode: bool = False,
                  unsafe_fixes: bool = False, hidden: Mapping[str, int] | None = None) -> str:
    """ruff's summary: `Found N errors (F fixed, R remaining).`, then what `--fix` and
    `--unsafe-fixes` would do; "All checks passed!" when nothing remains. Then, where
    `hidden` counts findings a tier hides by default, which flags show them."""
    line = _summary(diagnostics, fixed, fix_mode, unsafe_fixes)
    note = hidden_hint(hidden or {})
    return line if note is None else f"{line}\n{note}"


def _summary(diagnostics: Sequence[Diagnostic], fixed: int, fix_mode: bool,
             unsafe_fixes: bool) -> str:
    remaining = len(diagnostics)
    if remaining == 0:
        return f"Found {_errors(fixed)} ({fixed} fixed, 0 remaining)." if fixed \
            else ALL_PASSED
    lines = [f"Found {_errors(remaining + fixed)} ({fixed} fixed, {remaining} remaining)."
             if fixed else f"Found {_errors(remaining)}."]
    can_fix = sum(1 for d in diagnostics if applicable(d, unsafe_fixes))
    hidden = 0 if unsafe_fixes else sum(
        1 for d in diagnostics
        if d.fix is not None and d.fix.applicability is Applicability.UNSAFE)
    if can_fix and not fix_mode:
        line = f"[*] {can_fix} fixable with the `--fix` option"
        lines.append(f"{line} ({_hidden(hidden)})." if hidden else f"{line}.")
    elif hidden:
        lines.append(f"No fixes available ({_hidden(hidden)}).")
    return "\n".join(lines)
