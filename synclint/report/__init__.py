"""Renderers: diagnostics in, text out. Renderers never re-analyse."""

from __future__ import annotations

from collections.abc import Sequence

from synclint.diagnostics import Diagnostic
from synclint.report.text import SourceReader

FORMATS = ("text", "full", "json", "sarif", "github")


def render(output_format: str, diagnostics: Sequence[Diagnostic], *,
           unsafe_fixes: bool = False, read: SourceReader | None = None) -> str:
    """The report of `diagnostics` in `output_format` (findings only; summaries go to
    stderr). `unsafe_fixes` decides which fixes the text formats mark `[*]`; JSON and
    SARIF carry every fix with its applicability. `read` gives the full and GitHub
    formats a file's text (stdin, notebooks)."""
    if output_format == "json":
        from synclint.report.json_format import render_json

        return render_json(diagnostics)
    if output_format == "sarif":
        from synclint.report.sarif import render_sarif

        return render_sarif(diagnostics)
    if output_format == "github":
        from synclint.report.github import render_github

        return render_github(diagnostics, read=read)
    from synclint.report.text import render_full, render_text

    if output_format == "full":
        return render_full(diagnostics, unsafe_fixes=unsafe_fixes, read=read)
    return render_text(diagnostics, unsafe_fixes=unsafe_fixes)
