"""The human format: `path:row:col: CODE [*] message`, one line per finding."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from synclint.diagnostics import Diagnostic
from synclint.rules import ALL_RULES


def render_text(diagnostics: Sequence[Diagnostic]) -> str:
    lines = []
    for d in diagnostics:
        marker = " [*]" if d.fix is not None else ""
        lines.append(f"{d.filename}:{d.location.row}:{d.location.column}: {d.code}{marker} "
                     f"{d.message}{runtime_note(d)}")
    return "\n".join(lines) + ("\n" if lines else "")


def runtime_note(d: Diagnostic) -> str:
    """` [N syncs]` when a runtime profile measured the finding (`check --runtime`)."""
    if d.runtime_syncs is None:
        return ""
    return f" [{d.runtime_syncs} sync{'s' if d.runtime_syncs != 1 else ''}]"


def render_statistics(diagnostics: Sequence[Diagnostic]) -> str:
    """Counts per rule, most frequent first (like `ruff check --statistics`)."""
    counts = Counter(d.code for d in diagnostics)
    fixable = {d.code for d in diagnostics if d.fix is not None}
    width = max((len(str(n)) for n in counts.values()), default=1)
    lines = []
    for code, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        name = ALL_RULES[code].name if code in ALL_RULES else "syntax-error"
        marker = "[*]" if code in fixable else "[ ]"
        lines.append(f"{count:>{width}}\t{code}\t{marker} {name}")
    return "\n".join(lines) + ("\n" if lines else "")


def summary_line(remaining: int, fixable: int, fixed: int = 0, unchecked: int = 0) -> str:
    parts = []
    if fixed:
        parts.append(f"Fixed {fixed} error{'s' if fixed != 1 else ''}.")
    if unchecked:
        parts.append(f"{unchecked} file{'s' if unchecked != 1 else ''} could not be checked "
                     "(see the errors above).")
    if remaining == 0:
        parts.append("All checks passed!" if not fixed and not unchecked else "")
    else:
        line = f"Found {remaining} error{'s' if remaining != 1 else ''}."
        if fixable:
            line += f"\n[*] {fixable} fixable with `synclint check --fix`."
        parts.append(line)
    return "\n".join(p for p in parts if p)
