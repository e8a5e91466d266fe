"""GitHub Actions workflow commands: one `::warning` annotation per finding."""

from __future__ import annotations

from collections.abc import Sequence

from synclint.diagnostics import Diagnostic
from synclint.report.text import runtime_note


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(diagnostics: Sequence[Diagnostic]) -> str:
    lines = []
    for d in diagnostics:
        props = ",".join(
            [
                f"file={_escape_property(d.filename)}",
                f"line={d.location.row}",
                f"col={d.location.column}",
                f"endLine={d.end_location.row}",
                f"endColumn={d.end_location.column}",
                f"title={_escape_property(d.code)}",
            ]
        )
        lines.append(f"::warning {props}::{_escape_data(f'{d.code} {d.message}{runtime_note(d)}')}")
    return "\n".join(lines) + ("\n" if lines else "")
