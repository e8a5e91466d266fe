"""The flake8 plugin (entry point `SYN`): synclint's findings as flake8 errors, report only."""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from synclint import __version__
from synclint.rule_info import IO_ERROR

if TYPE_CHECKING:
    from synclint.engine import LintOutput
    from synclint.session import Session

#: Codes that make no sense under flake8: SYN100 judges synclint's own suppressions, and
#: flake8 reports syntax errors itself (E999).
_NOT_UNDER_FLAKE8 = frozenset({"SYN000", "SYN100"})


class Plugin:
    """A flake8 tree plugin; yields (row, 0-based column, "SYNxxx message", type)."""

    name = "synclint"
    version = __version__

    def __init__(self, tree: ast.AST, lines: Sequence[str], filename: str) -> None:
        self._lines = lines
        self._filename = filename

    def run(self) -> Iterator[tuple[int, int, str, type[Plugin]]]:
        from synclint.diagnostics import FileResult
        from synclint.file_errors import with_file_error_findings

        source = "".join(self._lines)
        codes = _codes_for(self._filename)
        output = _lint(self._filename, source, codes)
        error = output.error
        if error is not None and error.internal:
            # flake8 has no channel for a plugin's failure but its findings: never pass
            # silently over a file synclint could not check.
            yield (1, 0, f"{IO_ERROR} synclint could not check this file: {error.message}",
                   type(self))
            return
        # A file synclint gives up on (too complex, too large) is SYN001, as in `check`.
        result = with_file_error_findings(
            FileResult(self._filename, tuple(output.diagnostics), (error,) if error else ()),
            codes)
        for diagnostic in result.diagnostics:
            if diagnostic.code in _NOT_UNDER_FLAKE8:
                continue
            # synclint columns are 1-based; flake8 takes 0-based ones and prints them +1.
            yield (diagnostic.location.row, diagnostic.location.column - 1,
                   f"{diagnostic.code} {diagnostic.message}", type(self))


def _lint(filename: str, source: str, codes: frozenset[str]) -> LintOutput:
    """The findings of the file as `synclint check` of its project reports them: with
    the model of the project the file belongs to (built once per flake8 process)."""
    from synclint.engine import lint_source

    if filename in ("-", "stdin") or not os.path.exists(filename):
        return lint_source(source, filename, codes)
    session = _session_for(os.path.abspath(filename))
    if session is None:
        return lint_source(source, filename, codes)
    return session.lint(filename, source.replace("\r\n", "\n").replace("\r", "\n"),
                        shown=filename, codes=codes)


_SESSIONS: dict[str, Session] = {}


def _session_for(path: str) -> Session | None:
    from synclint.cache import default_cache_dir
    from synclint.config import ConfigError, Overrides, resolve_settings
    from synclint.session import Session, project_of

    try:
        settings = resolve_settings([path], None, Overrides())
    except ConfigError:
        return None
    key = str(settings.root.resolve())
    session = _SESSIONS.get(key)
    if session is None:
        cache = default_cache_dir(settings.root)
        session = _SESSIONS[key] = Session(settings, project_of(path, settings),
                                           cache_dir=cache if cache.is_dir() else None,
                                           write_cache=False)
    return session


@lru_cache(maxsize=256)
def _codes_for(filename: str) -> frozenset[str]:
    """The rules [tool.synclint] enables for this file, or the defaults without one."""
    from synclint.config import ConfigError, Overrides, resolve_settings
    from synclint.rules import DEFAULT_CODES

    try:
        settings = resolve_settings([filename], None, Overrides())
    except ConfigError:
        return DEFAULT_CODES - _NOT_UNDER_FLAKE8
    return settings.codes_for(filename) - _NOT_UNDER_FLAKE8
