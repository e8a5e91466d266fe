"""Files synclint gave up on, as findings: a file too complex or too large to analyse
becomes a SYN001 finding (like a file that cannot be read), so that it reaches every
output format and the exit code agrees with the output. Internal errors stay errors:
they are synclint's bugs, reported on stderr with exit code 2."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from synclint.diagnostics import Diagnostic, FileError, FileResult, Location
from synclint.rule_info import IO_ERROR

_SKIPPED = "; file skipped"


def file_error_finding(error: FileError) -> Diagnostic:
    """The SYN001 finding of a file that could not be checked (at its first line)."""
    problem = error.message.removesuffix(_SKIPPED)
    start = Location(1, 1)
    return Diagnostic(IO_ERROR, problem[:1].upper() + problem[1:], error.filename, start, start)


def with_file_error_findings(result: FileResult, codes: Collection[str]) -> FileResult:
    """`result` with each error that is not internal turned into a SYN001 finding (dropped
    where SYN001 is not enabled, as an unreadable file is)."""
    given_up = [e for e in result.errors if not e.internal]
    if not given_up:
        return result
    found = tuple(file_error_finding(e) for e in given_up) if IO_ERROR in codes else ()
    return replace(result, diagnostics=found + result.diagnostics,
                   errors=tuple(e for e in result.errors if e.internal))
