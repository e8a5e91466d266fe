"""SYN000 from CPython's own parser: its line, column and message, which are where the
user looks (LibCST's parser stops elsewhere, often a line later). Light: no LibCST."""

from __future__ import annotations

import ast

from synclint.diagnostics import Diagnostic, Location
from synclint.rule_info import SYNTAX_ERROR


def syntax_errors(source: str, filename: str, parsed_sha: str = "") -> list[Diagnostic]:
    """CPython's syntax error in `source`, if any. `parsed_sha`: the digest of a text
    the whole-program model parsed (`FileView.sha`); when it is this text's, it is valid
    Python and is not parsed again (a 2 MB data file costs one parse, not two)."""
    if parsed_sha:
        from synclint.files_io import text_sha

        if parsed_sha == text_sha(source):
            return []
    try:
        ast.parse(source, filename)
    except SyntaxError as error:
        row = error.lineno or 1
        column = error.offset or 1
        message = error.msg or "invalid syntax"
        location = Location(row, column)
        kind = type(error).__name__  # SyntaxError, IndentationError or TabError
        return [Diagnostic(SYNTAX_ERROR, f"{kind}: {message}", filename, location, location)]
    except (ValueError, RecursionError, MemoryError) as error:
        location = Location(1, 1)
        return [Diagnostic(SYNTAX_ERROR, f"SyntaxError: {error}", filename, location, location)]
    return []
