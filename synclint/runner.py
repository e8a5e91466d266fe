"""Runs the engine over many files: reading, per-file settings, processes, fixing."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from synclint.cache import ResultCache
from synclint.config import Settings
from synclint.diagnostics import Diagnostic, FileError, FileResult
from synclint.engine import lint_text
from synclint.files import STDIN, display_path
from synclint.files_io import SourceFile

if TYPE_CHECKING:
    from synclint.analysis.project import FileView

#: Below this many files a process pool costs more than it saves (pre-commit passes
#: small batches many times).
POOL_THRESHOLD = 32
CHUNK_SIZE = 8


@dataclass(frozen=True)
class FixOptions:
    """What `fix`, `check --fix` and `--diff` ask of each file."""

    unsafe: bool = False
    write: bool = True  # False for --diff


@dataclass
class FileOutcome:
    """The result of one file: its findings and, in fix mode, what changed."""

    result: FileResult
    fixed: dict[str, int] = field(default_factory=dict)
    diff: str = ""
    changed: bool = False
    fixed_text: str | None = None  # for stdin in fix mode


def decode_stdin(data: bytes, name: str) -> str:
    """Decode bytes read from standard input like a file: BOM and PEP 263 cookie."""
    from synclint.files_io import decode_source

    return decode_source(name, data).text


def check_one(path: str, settings: Settings, fix: FixOptions | None = None,
              stdin_text: str | None = None, stdin_name: str | None = None,
              cache: ResultCache | None = None, view: FileView | None = None) -> FileOutcome:
    """Lint (and maybe fix) one file. Never raises for a problem with the file itself.

    With a `cache` (check mode only), a result for the same text, code, settings and
    whole-program view (`view.digest`: the summaries of what the file calls) is reused,
    and a fresh one is stored. Without a `view` the file is indexed on its own.
    """
    shown = display_path(stdin_name or path) if path == STDIN else display_path(path)
    codes = settings.codes_for(stdin_name or path)
    if path == STDIN:
        text = stdin_text or ""
        source_file = None
    else:
        from synclint.files_io import SourceError, read_source

        try:
            source_file = read_source(path)
        except SourceError as error:
            return FileOutcome(FileResult(shown, errors=(FileError(shown, str(error)),)))
        text = source_file.text
    try:
        if fix is None:
            if cache is None or path == STDIN:
                return FileOutcome(lint_text(text, shown, codes, view))
            key = cache.key(text, shown, _fingerprint(settings, view), codes)
            cached = cache.load(key)
            if cached is not None:
                return FileOutcome(cached)
            result = lint_text(text, shown, codes, view)
            cache.store(key, result)
            return FileOutcome(result)
        return _fix_one(shown, text, source_file, codes, fix)
    except Exception as error:  # last line of defence: one file never stops the run
        message = f"internal error: {type(error).__name__}: {error}"
        return FileOutcome(FileResult(shown, errors=(FileError(shown, message, internal=True),)))


def _fix_one(shown: str, text: str, source_file: SourceFile | None, codes: frozenset[str],
             options: FixOptions) -> FileOutcome:
    from synclint.files_io import SourceError, unified_diff, write_source
    from synclint.fixer import fix_source

    result = fix_source(text, shown, codes, unsafe=options.unsafe)
    errors: list[FileError] = [FileError(shown, line) for line in result.discarded]
    if result.error is not None:
        errors.append(result.error)
    outcome = FileOutcome(
        FileResult(shown, tuple(result.remaining), tuple(errors)),
        fixed=dict(result.fixed),
        changed=result.changed,
    )
    if not result.changed:
        return outcome
    if not options.write:
        outcome.diff = unified_diff(shown, text, result.text)
        return outcome
    if source_file is None:  # stdin: the caller prints the fixed text
        outcome.fixed_text = result.text
        return outcome
    try:
        write_source(source_file, result.text)
    except SourceError as error:
        # Nothing was written: the original findings remain, and the failure is reported.
        original = lint_text(text, shown, codes)
        outcome.result = replace(original, errors=tuple(errors) + (FileError(shown, str(error)),))
        outcome.fixed = {}
        outcome.changed = False
    return outcome


def _fingerprint(settings: Settings, view: FileView | None) -> str:
    """Settings plus the digest of the summaries a file's findings depend on: a cached
    result is stale when a helper it calls changed, even if the file did not."""
    return settings.fingerprint() + ("" if view is None else f"|project:{view.digest}")


def _worker(args: tuple[str, Settings, FixOptions | None, ResultCache | None,
                        FileView | None]) -> FileOutcome:
    path, settings, fix, cache, view = args
    return check_one(path, settings, fix, cache=cache, view=view)


def _cached(path: str, settings: Settings, cache: ResultCache,
            view: FileView | None) -> FileOutcome | None:
    """The cached outcome of one file, looked up in this process (no pool for hits)."""
    from synclint.files_io import SourceError, read_source

    shown = display_path(path)
    try:
        text = read_source(path).text
    except SourceError:
        return None  # the worker reports it
    result = cache.load(cache.key(text, shown, _fingerprint(settings, view),
                                  settings.codes_for(path)))
    return FileOutcome(result) if result is not None else None


def project_views(paths: Sequence[str]) -> dict[str, FileView]:
    """The whole-program index of `paths` (and what they import from their trees), as
    one picklable view per path. A failure here costs the cross-file findings, never
    the run: each file is then indexed on its own."""
    from synclint.analysis.project import build_project_for_paths, no_cyclic_gc

    views: dict[str, FileView] = {}
    with no_cyclic_gc():
        try:
            project = build_project_for_paths(paths, display_path)
        except (RecursionError, MemoryError):
            return {}
        for path in paths:
            view = project.view(display_path(path))
            if view is not None:
                views[path] = view
        del project  # the trees go now, by reference counts, before any worker starts
    return views


def _views_in_child(paths: list[str]) -> dict[str, FileView]:
    """`project_views` in a short-lived process: the syntax trees it builds (hundreds of
    MB for a large tree) are never part of the parent, which the lint workers fork from
    (their copy-on-write pages cost memory and CPU time)."""
    try:
        with ProcessPoolExecutor(max_workers=1) as pool:
            return pool.submit(project_views, paths).result()
    except Exception:  # noqa: BLE001 - no child process: index here instead
        return project_views(paths)


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
) -> list[FileOutcome]:
    """Check every path, in parallel when there are enough of them; results sorted by path.

    Cache hits are served here first, so that a warm run starts no pool at all.
    """
    files = list(paths)
    outcomes: list[FileOutcome] = []
    regular = [p for p in files if p != STDIN]
    if STDIN in files:
        outcomes.append(check_one(STDIN, settings, fix, stdin_text, stdin_name))
    if fix is not None:
        cache = None
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    pooled = workers > 1 and len(regular) >= POOL_THRESHOLD
    # Whole-program views for check mode; `fix` re-lints its own edits, so it indexes
    # each file on its own (its classes, hooks and helpers).
    views: dict[str, FileView] = {}
    if fix is None and regular:
        views = _views_in_child(regular) if pooled else project_views(regular)
    if cache is not None:
        missed: list[str] = []
        for path in regular:
            hit = _cached(path, settings, cache, views.get(path))
            if hit is None:
                missed.append(path)
                continue
            outcomes.append(hit)
            if progress is not None:
                progress(1)
        regular = missed
    if workers > 1 and len(regular) >= POOL_THRESHOLD:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            work = [(path, settings, fix, cache, views.get(path)) for path in regular]
            for outcome in pool.map(_worker, work, chunksize=CHUNK_SIZE):
                outcomes.append(outcome)
                if progress is not None:
                    progress(1)
    else:
        for path in regular:
            outcomes.append(check_one(path, settings, fix, cache=cache, view=views.get(path)))
            if progress is not None:
                progress(1)
    outcomes.sort(key=lambda o: o.result.filename)
    return outcomes


def all_diagnostics(outcomes: Sequence[FileOutcome]) -> list[Diagnostic]:
    return [d for o in outcomes for d in o.result.diagnostics]
