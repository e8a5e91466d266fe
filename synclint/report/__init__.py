"""Renderers: diagnostics in, text out. Renderers never re-analyse."""

from __future__ import annotations

from collections.abc import Sequence

from synclint.diagnostics import Diagnostic

FORMATS = ("text", "json", "sarif", "github")


def render(output_format: str, diagnostics: Sequence[Diagnostic], *, show_fixes: bool = False) -> str:
    """The report of `diagnostics` in `output_format` (findings only; summaries go to stderr)."""
    if output_format == "json":
        from synclint.report.json_format import render_json

        return render_json(diagnostics)
    if output_format == "sarif":
        from synclint.report.sarif import render_sarif

        return render_sarif(diagnostics)
    if output_format == "github":
        from synclint.report.github import render_github

        return render_github(diagnostics)
    from synclint.report.text import render_text

    return render_text(diagnostics)
