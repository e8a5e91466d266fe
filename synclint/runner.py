"""Runs the engine over many files: reading, per-file settings, processes, fixing."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from synclint.diagnostics import Diagnostic, FileError, FileResult, Location
from synclint.files import STDIN, display_path
from synclint.rule_info import IO_ERROR, TENSOR_EVIDENCE, UNUSED_NOQA

if TYPE_CHECKING:
    from pathlib import Path

    from libcst import Module

    from synclint.analysis.project import FileView
    from synclint.cache import ResultCache
    from synclint.config import Settings
    from synclint.files_io import SourceFile
    from synclint.overlap import Ahead

#: Below this many files a process pool costs more than it saves (pre-commit passes
#: small batches many times).
POOL_THRESHOLD = 32
CHUNK_SIZE = 8


@dataclass(frozen=True)
class FixOptions:
    """What `fix`, `check --fix` and `--diff` ask of each file."""

    unsafe: bool = False
    write: bool = True  # False for --diff
    #: The codes whose fixes may be applied (`fixable` minus `unfixable`); None: all.
    fixable: frozenset[str] | None = None


@dataclass
class FileOutcome:
    """The result of one file: its findings and, in fix mode, what changed."""

    result: FileResult
    fixed: dict[str, int] = field(default_factory=dict)
    diff: str = ""
    changed: bool = False
    fixed_text: str | None = None  # for stdin in fix mode
    #: Why the fixed text could not be written (the findings stay as they were), or None.
    write_error: str | None = None
    #: Lines that name the file themselves: fixes discarded because they broke the code.
    warnings: tuple[str, ...] = ()


def lint_text(source: str, filename: str, codes: Iterable[str],
              view: FileView | None = None, parsed: Module | None = None) -> FileResult:
    """The engine's lint_text, imported on first use: a fully cached run never loads
    LibCST or the rules, and neither does a file in which no tensor can appear and to
    which the whole-program index brings none (the engine would only ask CPython's parser
    whether it is valid Python)."""
    codes = frozenset(codes)
    if (UNUSED_NOQA not in codes and not any(e in source for e in TENSOR_EVIDENCE)
            and (view is None or not view.needs())):
        from synclint.syntax import syntax_errors

        return FileResult(filename, tuple(syntax_errors(source, filename)))
    from synclint.engine import lint_text as engine_lint_text

    return engine_lint_text(source, filename, codes, view, parsed)


def decode_stdin(data: bytes, name: str) -> str:
    """Decode bytes read from standard input like a file: BOM and PEP 263 cookie."""
    from synclint.files_io import decode_source

    return decode_source(name, data).text


def check_one(path: str, settings: Settings, fix: FixOptions | None = None,
              stdin_text: str | None = None, stdin_name: str | None = None,
              cache: ResultCache | None = None, view: FileView | None = None,
              ahead: Ahead | None = None) -> FileOutcome:
    """Lint (and maybe fix) one file. Never raises for a problem with the file itself.

    With a `cache` (check mode only), a result for the same text, code, settings and
    whole-program view (`view.digest`: the summaries of what the file calls) is reused,
    and a fresh one is stored. Without a `view` the file is indexed on its own.
    `ahead` is what `synclint.overlap` read and parsed before the view was known.
    """
    shown = display_path(stdin_name or path) if path == STDIN else display_path(path)
    codes = settings.codes_for(stdin_name or path)
    if path == STDIN:
        text = stdin_text or ""
        source_file = None
    elif ahead is not None and ahead.source_file is not None:
        source_file = ahead.source_file
        text = source_file.text
    else:
        from synclint.files_io import SourceError, read_source

        try:
            source_file = read_source(path)
        except SourceError as error:
            return FileOutcome(io_error_result(shown, error.problem, codes))
        text = source_file.text
        from synclint.notebook import is_notebook

        if is_notebook(path):
            return _notebook(shown, source_file, codes, fix)
    try:
        if fix is None:
            if cache is None or path == STDIN:
                parsed = ahead.parsed if ahead is not None else None
                return FileOutcome(lint_text(text, shown, codes, view, parsed))
            key = cache.key(text, shown, _fingerprint(settings, view), codes)
            cached = cache.load(key)
            if cached is not None:
                return FileOutcome(cached)
            result = lint_text(text, shown, codes, view,
                               ahead.parsed if ahead is not None else None)
            cache.store(key, result)
            return FileOutcome(result)
        return _fix_one(shown, text, source_file, codes, fix)
    except Exception as error:  # last line of defence: one file never stops the run
        message = f"internal error: {type(error).__name__}: {error}"
        return FileOutcome(FileResult(shown, errors=(FileError(shown, message, internal=True),)))


def io_error_result(shown: str, problem: str, codes: frozenset[str]) -> FileResult:
    """A file that could not be read or decoded: one SYN001 finding (like ruff's E902),
    so it shows in every output format; nothing when SYN001 is not selected."""
    if IO_ERROR not in codes:
        return FileResult(shown, skipped=True)
    start = Location(1, 1)
    message = problem[:1].upper() + problem[1:]
    return FileResult(shown, (Diagnostic(IO_ERROR, message, shown, start, start),))


def _notebook(shown: str, source_file: SourceFile, codes: frozenset[str],
              fix: FixOptions | None) -> FileOutcome:
    """A Jupyter notebook: its code cells linted (and fixed) as one source, findings in
    cell coordinates; the file is rewritten only in the fixed cells' sources."""
    from synclint.files_io import SourceError, unified_diff, write_source
    from synclint.notebook import in_cells, parse_notebook, writable

    try:
        notebook = parse_notebook(shown, source_file.text)
    except SourceError as error:
        return FileOutcome(io_error_result(shown, error.problem, codes))
    try:
        if fix is None:
            result = lint_text(notebook.source, shown, codes)
            return FileOutcome(replace(result, diagnostics=in_cells(notebook, result.diagnostics)))
        from synclint.fixer import fix_source

        fixed = fix_source(notebook.source, shown, codes, unsafe=fix.unsafe,
                           fixable=fix.fixable)
    except Exception as error:  # last line of defence, as for a .py file
        message = f"internal error: {type(error).__name__}: {error}"
        return FileOutcome(FileResult(shown, errors=(FileError(shown, message, internal=True),)))
    errors = (fixed.error,) if fixed.error is not None else ()
    after = notebook.for_source(fixed.text)
    outcome = FileOutcome(FileResult(shown, in_cells(after, fixed.remaining), errors),
                          fixed=dict(fixed.fixed), changed=fixed.changed,
                          warnings=tuple(fixed.discarded))
    if not fixed.changed:
        return outcome
    new_text = notebook.rebuild(fixed.text)
    problem = None
    if new_text is None:
        problem = "the fixed code no longer splits into the notebook's cells; not fixed"
    elif not writable(notebook, source_file.text):
        problem = ("the notebook's JSON layout cannot be reproduced, so writing it would "
                   "reformat every cell; not fixed")
    if problem is None and new_text is not None:
        if not fix.write:
            outcome.diff = unified_diff(shown, source_file.text, new_text)
            return outcome
        try:
            write_source(source_file, new_text)
            return outcome
        except SourceError as error:
            problem = error.problem
    original = lint_text(notebook.source, shown, codes)
    outcome.result = FileResult(shown, in_cells(notebook, original.diagnostics), errors)
    outcome.fixed, outcome.changed, outcome.write_error = {}, False, problem
    return outcome


def _fix_one(shown: str, text: str, source_file: SourceFile | None, codes: frozenset[str],
             options: FixOptions) -> FileOutcome:
    from synclint.files_io import SourceError, unified_diff, write_source
    from synclint.fixer import fix_source

    result = fix_source(text, shown, codes, unsafe=options.unsafe,
                        fixable=options.fixable)
    errors: list[FileError] = []
    if result.error is not None:
        errors.append(result.error)
    outcome = FileOutcome(
        FileResult(shown, tuple(result.remaining), tuple(errors)),
        fixed=dict(result.fixed),
        changed=result.changed,
        warnings=tuple(result.discarded),
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
        outcome.result = replace(original, errors=tuple(errors))
        outcome.fixed = {}
        outcome.changed = False
        outcome.write_error = error.problem
    return outcome


def _fingerprint(settings: Settings, view: FileView | None) -> str:
    """Settings plus the digest of the summaries a file's findings depend on: a cached
    result is stale when a helper it calls changed, even if the file did not."""
    return settings.fingerprint() + ("" if view is None else f"|project:{view.digest}")


def _worker(args: tuple[str, Settings, FixOptions | None, ResultCache | None,
                        FileView | None]) -> FileOutcome:
    path, settings, fix, cache, view = args
    return check_one(path, settings, fix, cache=cache, view=view)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops the run (exit 130) without
    one traceback per worker."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _cached(path: str, settings: Settings, cache: ResultCache,
            view: FileView | None) -> FileOutcome | None:
    """The cached outcome of one file, looked up in this process (no pool for hits)."""
    from synclint.files_io import SourceError, read_source

    shown = display_path(path)
    if path.endswith(".ipynb"):
        return None  # notebooks are not cached: the worker handles them
    try:
        text = read_source(path).text
    except SourceError:
        return None  # the worker reports it
    result = cache.load(cache.key(text, shown, _fingerprint(settings, view),
                                  settings.codes_for(path)))
    return FileOutcome(result) if result is not None else None


def project_views(paths: Sequence[str], cache_dir: Path | None = None) -> dict[str, FileView]:
    """The whole-program index of `paths` (and what they import from their trees), as
    one picklable view per path; kept in `cache_dir` (the results cache's) between runs.
    A failure here costs the cross-file findings, never the run: each file is then
    indexed on its own."""
    from synclint.analysis.project import build_project_for_paths, no_cyclic_gc

    views: dict[str, FileView] = {}
    with no_cyclic_gc():
        try:
            project = build_project_for_paths(paths, display_path, cache_dir)
        except (RecursionError, MemoryError):
            return {}
        for path in paths:
            view = project.view(display_path(path))
            if view is not None:
                views[path] = view
        del project  # the trees go now, by reference counts, before any worker starts
    return views


def _views_in_child(paths: list[str], cache_dir: Path | None,
                    preload: bool = False) -> dict[str, FileView]:
    """`project_views` in a short-lived process: the syntax trees it builds (hundreds of
    MB for a large tree) are never part of the parent, which the lint workers fork from
    (their copy-on-write pages cost memory and CPU time).

    With `preload` the parent loads the linter (LibCST, the rules) while the child
    indexes: on another core, in time the parent would spend waiting, and once for all
    the lint workers, which fork with it loaded."""
    from concurrent.futures import ProcessPoolExecutor

    try:
        with ProcessPoolExecutor(max_workers=1) as pool:
            future = pool.submit(project_views, paths, cache_dir)  # forks the child now
            if preload:
                _preload_linter()
            return future.result()
    except Exception:  # noqa: BLE001 - no child process: index here instead
        return project_views(paths, cache_dir)


def _preload_linter() -> None:
    """Import what every lint worker needs (~0.25 s of CPU each) into this process, so
    that the workers forked from it share it instead of each importing it again."""
    import importlib

    for module in ("synclint.engine", "synclint.files_io", "synclint.notebook"):
        importlib.import_module(module)


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
    if fix is None and pooled:
        from synclint.overlap import check_overlapped, nothing_cached, overlap_index

        if (cache is None or nothing_cached(cache)) and overlap_index():
            outcomes.extend(check_overlapped(regular, settings, workers, progress, cache))
            outcomes.sort(key=lambda o: o.result.filename)
            return outcomes
    # Whole-program views for check mode; `fix` re-lints its own edits, so it indexes
    # each file on its own (its classes, hooks and helpers).
    views: dict[str, FileView] = {}
    if fix is None and regular:
        cache_dir = cache.directory if cache is not None else None
        # A run without a cache lints every file: load the linter while the child indexes.
        views = (_views_in_child(regular, cache_dir, preload=cache is None) if pooled
                 else project_views(regular, cache_dir))
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
        from concurrent.futures import ProcessPoolExecutor

        _preload_linter()  # once here rather than once per worker
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
        try:
            work = [(path, settings, fix, cache, views.get(path)) for path in regular]
            for outcome in pool.map(_worker, work, chunksize=CHUNK_SIZE):
                outcomes.append(outcome)
                if progress is not None:
                    progress(1)
        except BaseException:
            # Ctrl-C: drop the queued files instead of waiting for all of them.
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    else:
        for path in regular:
            outcomes.append(check_one(path, settings, fix, cache=cache, view=views.get(path)))
            if progress is not None:
                progress(1)
    outcomes.sort(key=lambda o: o.result.filename)
    return outcomes


def all_diagnostics(outcomes: Sequence[FileOutcome]) -> list[Diagnostic]:
    return [d for o in outcomes for d in o.result.diagnostics]
