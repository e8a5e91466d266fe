"""Runs the engine over many files: the front door of `check` and `fix`. Fix mode goes
to `synclint.fixing`, files on disk to `synclint.checking`; a warm run whose files did
not change is served from the last run's manifest (`synclint.warm`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from synclint import checking
from synclint.checking import (
    CHUNK_SIZE,
    POOL_THRESHOLD,
    FileOutcome,
    FixOptions,
    ProjectViews,
    _internal_error,
    check_file,
    check_files,
    decode_stdin,
    io_error_result,
    lint_text,
    project_views,
)
from synclint.diagnostics import Diagnostic, FileResult
from synclint.files import STDIN, display_path

if TYPE_CHECKING:
    from synclint.cache import ResultCache
    from synclint.config import Settings
    from synclint.engine import LintOutput
    from synclint.model.summaries import FileView
    from synclint.overlap import Ahead

__all__ = [
    "CHUNK_SIZE", "POOL_THRESHOLD", "FileOutcome", "FixOptions", "ProjectViews",
    "all_diagnostics", "check_one", "check_paths", "decode_stdin", "io_error_result",
    "lint_text", "project_views",
]

def check_one(path: str, settings: Settings, fix: FixOptions | None = None,
              stdin_text: str | None = None, stdin_name: str | None = None,
              cache: ResultCache | None = None, view: FileView | None = None,
              ahead: Ahead | None = None) -> FileOutcome:
    """Lint one file (fix mode goes through `fixing.fix_paths`, standard input through
    `_stdin`). Never raises for a problem with the file itself."""
    if fix is not None or path == STDIN:
        return check_paths([path], settings, fix=fix, stdin_text=stdin_text,
                           stdin_name=stdin_name)[0]
    return check_file(path, settings, cache=cache, view=view, ahead=ahead)


def _stdin(settings: Settings, fix: FixOptions | None, text: str,
           name: str | None) -> FileOutcome:
    """Source read from standard input, linted (and fixed) as the file `name` would be
    with that text: with the modules it imports, as `synclint check NAME` indexes it."""
    from synclint.session import Session

    shown = display_path(name) if name else STDIN
    path = name or STDIN
    codes = settings.codes_for(path)
    session = Session(settings, [path] if name else [])
    if name:
        session.set_text(name, text)

    def lint(current: str) -> LintOutput:
        if name:
            return session.lint(name, current, shown=shown, codes=codes)
        from synclint.engine import lint_source

        return lint_source(current, shown, codes, opt_in=settings.opt_in, once=settings.once)

    try:
        if fix is None:
            output = lint(text)
            errors = (output.error,) if output.error is not None else ()
            return FileOutcome(FileResult(shown, tuple(output.diagnostics), errors,
                                          hidden=output.hidden))
        from synclint.fixer import fix_source

        result = fix_source(text, shown, codes, unsafe=fix.unsafe, fixable=fix.fixable,
                            lint=lint)
    except Exception as error:  # last line of defence
        return _internal_error(shown, error)
    errors = (result.error,) if result.error is not None else ()
    outcome = FileOutcome(FileResult(shown, tuple(result.remaining), errors,
                                     hidden=result.hidden),
                          fixed=dict(result.fixed), changed=result.changed,
                          warnings=tuple(result.discarded))
    if result.changed:
        if fix.write:
            outcome.fixed_text = result.text  # the caller prints the fixed text
        else:
            from synclint.files_io import unified_diff

            outcome.diff = unified_diff(shown, text, result.text)
    return outcome


def check_paths(
    paths: Iterable[str],
    settings: Settings,
    *,
    jobs: int | None = None,
    fix: FixOptions | None = None,
    stdin_text: str | None = None,
    stdin_name: str | None = None,
    progress: Callable[[int], None] | None = None,
    cache: ResultCache | None = None,
    views: Mapping[str, FileView] | None = None,
) -> list[FileOutcome]:
    """Check (or fix) every path, in parallel when there are enough of them; results
    sorted by path. Every file is linted with its view of the one model of all of them
    (`views`, by path, when the caller has it already).

    With a `cache`, a run in which no file the last run read changed is served from
    its manifest (`synclint.warm`) without reading a source; otherwise cache hits are
    served here first, so that a warm run starts no pool at all.
    """
    files = list(paths)
    outcomes: list[FileOutcome] = []
    regular = [p for p in files if p != STDIN]
    if STDIN in files:
        outcomes.append(_stdin(settings, fix, stdin_text or "", stdin_name))
    if fix is not None:
        from synclint.fixing import fix_paths

        outcomes.extend(fix_paths(regular, settings, fix, jobs=jobs, cache=cache,
                                  progress=progress))
        outcomes.sort(key=lambda o: o.result.filename)
        return outcomes
    if cache is not None and views is None and regular:
        from synclint import warm

        started = warm.now_ns()
        results = warm.cached_results(cache, settings, regular)
        if results is not None:  # nothing the last run read changed: its results stand
            outcomes.extend(FileOutcome(result) for result in results)
            if progress is not None:
                progress(len(results))
            outcomes.sort(key=lambda o: o.result.filename)
            return outcomes
        checked, sources = _check(regular, settings, jobs, progress, cache)
        keys = {o.result.filename: o.cache_key for o in checked if o.cache_key}
        warm.record(cache, settings, regular,
                    {path: keys[shown] for path in regular
                     if (shown := display_path(path)) in keys},
                    sources, started)
    elif views is None:
        checked, _ = _check(regular, settings, jobs, progress, cache)
    else:
        checked, _ = check_files(regular, settings, jobs, progress, cache, views)
    outcomes.extend(checked)
    outcomes.sort(key=lambda o: o.result.filename)
    return outcomes


def _check(regular: list[str], settings: Settings, jobs: int | None,
           progress: Callable[[int], None] | None, cache: ResultCache | None,
           ) -> tuple[list[FileOutcome], tuple[str, ...]]:
    """Check mode without views. With nothing cached and a pool, the lint workers fork
    from the process that builds the model (`synclint.forked`), or, with
    SYNCLINT_OVERLAP_INDEX=1, start beside it (`synclint.overlap`); else `check_files`."""
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    if workers > 1 and len(regular) >= checking.POOL_THRESHOLD:
        from synclint.forked import can_fork, check_forked
        from synclint.overlap import check_overlapped, nothing_cached, overlap_index

        if cache is None or nothing_cached(cache):
            if overlap_index():
                return check_overlapped(regular, settings, workers, progress, cache)
            if can_fork():
                done, sources = check_forked(regular, settings, workers, progress, cache)
                if sources is not None:
                    return done, sources
                # The child died (out of memory, a signal): check the rest as usual.
                finished = {o.result.filename for o in done}
                rest = [path for path in regular if display_path(path) not in finished]
                checked, sources = check_files(rest, settings, jobs, progress, cache, None)
                return [*done, *checked], sources
    return check_files(regular, settings, jobs, progress, cache, None)


def all_diagnostics(outcomes: Sequence[FileOutcome]) -> list[Diagnostic]:
    return [d for o in outcomes for d in o.result.diagnostics]
