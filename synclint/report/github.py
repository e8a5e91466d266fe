"""GitHub Actions workflow commands: one `::warning` annotation per finding."""

from __future__ import annotations

from collections.abc import Sequence

from synclint.diagnostics import Diagnostic
from synclint.report.text import SourceReader, read_file, runtime_note


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(diagnostics: Sequence[Diagnostic], *,
                  read: SourceReader | None = None) -> str:
    """One annotation per finding. A notebook's finding names its cell in the title and
    the message, and points at the line of the `.ipynb` file that holds the cell's row
    (the file as GitHub shows it), or at the file's first line when that cannot be
    found."""
    lines = []
    texts: dict[str, str | None] = {}
    for d in diagnostics:
        start = (d.location.row, d.location.column)
        end = (d.end_location.row, d.end_location.column)
        title, text = d.code, f"{d.code} {d.message}{runtime_note(d)}"
        if d.cell is not None:
            if d.filename not in texts:
                texts[d.filename] = (read or read_file)(d.filename)
            start, end = _in_file(texts[d.filename], d)
            title = f"{d.code} (cell {d.cell})"
            text = f"cell {d.cell}:{d.location.row}:{d.location.column}: {text}"
        props = ",".join(
            [
                f"file={_escape_property(d.filename)}",
                f"line={start[0]}",
                f"col={start[1]}",
                f"endLine={end[0]}",
                f"endColumn={end[1]}",
                f"title={_escape_property(title)}",
            ]
        )
        lines.append(f"::warning {props}::{_escape_data(text)}")
    return "\n".join(lines) + ("\n" if lines else "")


def _in_file(text: str | None, d: Diagnostic) -> tuple[tuple[int, int], tuple[int, int]]:
    """A notebook finding's start and end in the notebook file's text."""
    from synclint.notebook import file_position

    assert d.cell is not None
    start = file_position(text, d.cell, d.location.row, d.location.column) if text else None
    end = file_position(text, d.cell, d.end_location.row, d.end_location.column) \
        if text and start else None
    if start is None or end is None:
        return (1, 1), (1, 1)
    return start, end
