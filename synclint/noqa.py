"""`check --add-noqa`: suppress every current finding with a `# noqa: SYNxxx` on its line,
so a large code base can start from a clean baseline."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from synclint.diagnostics import Diagnostic
from synclint.suppression import _IGNORE, _NOQA, noqa_rows

#: Findings a `# noqa` cannot or should not suppress: syntax errors are never filtered,
#: and suppressing SYN100 would only keep an unused suppression alive.
if TYPE_CHECKING:
    from synclint.runner import FileOutcome

NOT_SUPPRESSIBLE = frozenset({"SYN000", "SYN100"})


@dataclass(frozen=True)
class NoqaResult:
    """The new text, how many codes were added, and the rows that cannot take a comment."""

    text: str
    added: int
    #: (row, code) of findings whose line ends inside a string or a backslash continuation.
    skipped: tuple[tuple[int, str], ...] = ()


def add_noqa(text: str, diagnostics: Iterable[Diagnostic]) -> NoqaResult:
    """Append `# noqa: CODES` for `diagnostics` (of this text) to their start lines.

    Existing `# noqa: X` codes and other comments are kept; running it twice adds nothing.
    """
    wanted: dict[int, list[str]] = {}
    # A finding inside a multi-line string or a backslash continuation takes its comment
    # at the end of those lines, where it suppresses it (as ruff's --add-noqa does).
    rows = noqa_rows(text)
    for diagnostic in diagnostics:
        if diagnostic.code in NOT_SUPPRESSIBLE:
            continue
        row = diagnostic.location.row
        codes = wanted.setdefault(rows.get(row, row), [])
        if diagnostic.code not in codes:
            codes.append(diagnostic.code)
    if not wanted:
        return NoqaResult(text, 0)
    open_rows, comments = _line_ends(text)
    lines = text.split("\n")
    added = 0
    skipped: list[tuple[int, str]] = []
    for row, codes in sorted(wanted.items()):
        if row in open_rows or row > len(lines):
            skipped.extend((row, code) for code in codes)
            continue
        line = lines[row - 1]
        comment_col = comments.get(row)
        new_line, count = _with_codes(line, comment_col, sorted(codes))
        lines[row - 1] = new_line
        added += count
    return NoqaResult("\n".join(lines), added, tuple(skipped))


def _with_codes(line: str, comment_col: int | None, codes: Sequence[str]) -> tuple[str, int]:
    if comment_col is None:
        return f"{line.rstrip()}  # noqa: {', '.join(codes)}", len(codes)
    comment = line[comment_col:]
    for pattern in (_NOQA, _IGNORE):
        match = pattern.search(comment)
        if match is None:
            continue
        listed = match.group("codes")
        if pattern is _NOQA and not listed:
            return line, 0  # a bare `# noqa` already suppresses everything
        present = re.findall(r"[A-Za-z]+[0-9]+", listed or "")
        missing = [code for code in codes if code not in {c.upper() for c in present}]
        if not missing:
            return line, 0
        start, end = comment_col + match.start("codes"), comment_col + match.end("codes")
        merged = ", ".join([*present, *missing])
        return line[:start] + merged + line[end:], len(missing)
    # Another comment (`# type: ignore`, an explanation): the directive goes after it,
    # where tools that need theirs first still find it.
    return f"{line.rstrip()}  # noqa: {', '.join(codes)}", len(codes)


def _line_ends(text: str) -> tuple[set[int], dict[int, int]]:
    """Rows whose end is inside a token (a multi-line string, a backslash continuation),
    where no comment can go, and the 0-based column of each row's comment."""
    comments: dict[int, int] = {}
    closed: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                comments[token.start[0]] = token.start[1]
            elif token.type in (tokenize.NEWLINE, tokenize.NL):
                closed.add(token.start[0])
    except (tokenize.TokenError, SyntaxError):
        pass
    rows = text.count("\n") + 1
    return {row for row in range(1, rows + 1) if row not in closed}, comments


def add_noqa_to_files(outcomes: Sequence[FileOutcome], *, quiet: bool = False) -> int:
    """Write the directives into every file with findings; report counts and skips on
    stderr. Exit status: 0, or 2 when a file could not be read or written."""
    from synclint.files_io import SourceError, read_source, write_source

    added = files = 0
    status = 0
    for outcome in outcomes:
        result = outcome.result
        if result.errors:
            status = 2
            for error in result.errors:
                click.echo(f"error: {error.filename}: {error.message}", err=True)
        if any(d.code == "SYN000" for d in result.diagnostics) or not result.diagnostics:
            continue
        try:
            source = read_source(result.filename)
            change = add_noqa(source.text, result.diagnostics)
            if change.added:
                write_source(source, change.text)
        except SourceError as error:
            click.echo(f"error: {error}", err=True)
            status = 2
            continue
        for row, code in change.skipped:
            click.echo(f"warning: {result.filename}:{row}: {code} not suppressed: the line "
                       "ends inside a string or a continuation, where no comment can go",
                       err=True)
        if change.added:
            added += change.added
            files += 1
    if not quiet:
        click.echo(f"Added {added} noqa directive{'s' if added != 1 else ''} "
                   f"to {files} file{'s' if files != 1 else ''}.", err=True)
    return status
