"""Checking files on disk: one file (`check_file`: the results cache, the engine, the
notebook and error paths), many (`check_files`: their views of the model, cache hits
here, a process pool for the rest). The front door, with fix mode, standard input, the
warm manifest and the overlapped cold run, is `synclint.runner`."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from synclint.diagnostics import Diagnostic, FileError, FileResult, Location
from synclint.files import display_path
from synclint.rule_info import IO_ERROR, TENSOR_EVIDENCE, UNUSED_NOQA

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from pathlib import Path

    from libcst import Module

    from synclint.cache import ResultCache
    from synclint.config import Settings
    from synclint.model.project import Project
    from synclint.model.summaries import FileView
    from synclint.overlap import Ahead

#: Where a suppression comment could name a SYN code (`rules/unused_noqa.py` reads codes
#: case-insensitively): without one, SYN100 has nothing to judge in a file.
_SYN_CODE = re.compile(r"SYN[0-9]", re.IGNORECASE)

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
    #: The results cache's key of `result`, when it is cached there.
    cache_key: str = ""


def lint_text(source: str, filename: str, codes: Iterable[str],
              view: FileView | None = None, parsed: Module | None = None,
              *, opt_in: bool = False, once: bool = False) -> FileResult:
    """The engine's lint_text, imported on first use: a fully cached run never loads
    LibCST or the rules, and neither does a file in which no tensor can appear and to
    which the whole-program index brings none (the engine would only ask CPython's parser
    whether it is valid Python), unless SYN100 has a suppression comment to judge."""
    codes = frozenset(codes)
    if ((UNUSED_NOQA not in codes or not _SYN_CODE.search(source))
            and not any(e in source for e in TENSOR_EVIDENCE)
            and (view is None or not view.needs())):
        from synclint.syntax import syntax_errors

        valid = view.sha if view is not None else ""
        return FileResult(filename, tuple(syntax_errors(source, filename, valid)))
    from synclint.engine import lint_text as engine_lint_text

    return engine_lint_text(source, filename, codes, view, parsed, opt_in=opt_in, once=once)


def decode_stdin(data: bytes, name: str) -> str:
    """Decode bytes read from standard input like a file: BOM and PEP 263 cookie."""
    from synclint.files_io import decode_source

    return decode_source(name, data).text


def check_file(path: str, settings: Settings, *, cache: ResultCache | None = None,
               view: FileView | None = None, ahead: Ahead | None = None) -> FileOutcome:
    """Lint one file on disk. Never raises for a problem with the file itself.

    With a `cache`, a result for the same text, code, settings and whole-program view
    (`view.digest`: the summaries of what the file calls) is reused, and a fresh one is
    stored. Without a `view` the file is indexed on its own. `ahead` is what
    `synclint.overlap` read and parsed before the view was known.
    """
    shown = display_path(path)
    codes = settings.codes_for(path)
    if ahead is not None and ahead.source_file is not None:
        text = ahead.source_file.text
    else:
        from synclint.files_io import SourceError, read_source

        try:
            source_file = read_source(path)
        except SourceError as error:
            return FileOutcome(io_error_result(shown, error.problem, codes))
        text = source_file.text
        from synclint.notebook import is_notebook

        if is_notebook(path):
            return _notebook(shown, text, codes, view, settings.opt_in, settings.once)
    try:
        if cache is None:
            parsed = ahead.parsed if ahead is not None else None
            return FileOutcome(lint_text(text, shown, codes, view, parsed,
                                         opt_in=settings.opt_in, once=settings.once))
        key = cache.key(text, shown, _fingerprint(settings, view), codes)
        cached = cache.load(key)
        if cached is not None:
            return FileOutcome(cached, cache_key=key)
        result = lint_text(text, shown, codes, view,
                           ahead.parsed if ahead is not None else None,
                           opt_in=settings.opt_in, once=settings.once)
        return FileOutcome(result, cache_key=key if cache.store(key, result) else "")
    except Exception as error:  # last line of defence: one file never stops the run
        return _internal_error(shown, error)


def _internal_error(shown: str, error: Exception) -> FileOutcome:
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


def _notebook(shown: str, text: str, codes: frozenset[str],
              view: FileView | None, opt_in: bool = False,
              once: bool = False) -> FileOutcome:
    """A Jupyter notebook: its code cells linted as one source (a module of the model),
    findings in cell coordinates."""
    from synclint.files_io import SourceError
    from synclint.notebook import in_cells, parse_notebook

    try:
        notebook = parse_notebook(shown, text)
    except SourceError as error:
        return FileOutcome(io_error_result(shown, error.problem, codes))
    try:
        result = lint_text(notebook.source, shown, codes, view, opt_in=opt_in, once=once)
    except Exception as error:  # last line of defence, as for a .py file
        return _internal_error(shown, error)
    return FileOutcome(replace(result, diagnostics=in_cells(notebook, result.diagnostics)))


def _fingerprint(settings: Settings, view: FileView | None) -> str:
    """Settings plus the digest of the summaries a file's findings depend on: a cached
    result is stale when a helper it calls changed, even if the file did not."""
    return settings.fingerprint() + ("" if view is None else f"|project:{view.digest}")


#: The views of the check in progress, for lint workers forked from this process: a fork
#: inherits them, so no view is pickled per file (about 150 MB for the torch package).
#: None outside a check, and where workers do not fork (each task then carries its view).
_FORKED_VIEWS: Mapping[str, FileView] | None = None


def _worker(args: tuple[str, Settings, ResultCache | None, FileView | None, bool]
            ) -> FileOutcome:
    path, settings, cache, view, inherited = args
    if inherited:
        assert _FORKED_VIEWS is not None, "a lint worker that was not forked from the check"
        view = _FORKED_VIEWS.get(path)
    return check_file(path, settings, cache=cache, view=view)


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
    key = cache.key(text, shown, _fingerprint(settings, view), settings.codes_for(path))
    result = cache.load(key)
    return FileOutcome(result, cache_key=key) if result is not None else None


class ProjectViews(dict[str, "FileView"]):
    """Each checked path's view of the model, and `sources`: every file the model read
    (what a warm run must find unchanged to reuse the results: `synclint.warm`)."""

    sources: tuple[str, ...] = ()


def project_views(paths: Sequence[str], cache_dir: Path | None = None, *,
                  keep: list[object] | None = None, parallel: bool = False) -> ProjectViews:
    """The whole-program index of `paths` (and what they import from their trees), as
    one picklable view per path; kept in `cache_dir` (the results cache's) between runs.
    A failure here costs the cross-file findings, never the run: each file is then
    indexed on its own. The model is freed before returning, unless `keep` takes it (a
    process that exits right after need not free it). With `parallel` a cold index may
    use a second process (`model/ahead.py`)."""
    from synclint.model.project import no_cyclic_gc

    views = ProjectViews()
    with no_cyclic_gc():
        project = index_project(paths, cache_dir, parallel=parallel)
        if project is None:
            return views
        for path in paths:
            view = project.view(display_path(path))
            if view is not None:
                views[path] = view
        views.sources = model_sources(project)
        if keep is not None:
            keep.append(project)
        del project  # the trees go now, by reference counts, before any worker starts
    return views


def index_project(paths: Sequence[str], cache_dir: Path | None, *,
                  parallel: bool = False) -> Project | None:
    """The model of `paths` (and what they import from their trees), its index kept in
    `cache_dir`; None when it cannot be built (each file is then indexed on its own).
    With `parallel` a cold index may solve part of the call graph in a second process."""
    from synclint.analysis.index_cache import build
    from synclint.analysis.index_store import IndexStore
    from synclint.model.project import no_cyclic_gc
    from synclint.session import notebook_sources

    with no_cyclic_gc():
        try:
            return build(paths, display_path,
                         IndexStore(cache_dir) if cache_dir is not None else None,
                         notebook_sources(paths, {}), parallel=parallel)
        except (RecursionError, MemoryError):
            return None


def model_sources(project: Project) -> tuple[str, ...]:
    """Every file the model read (what a warm run must find unchanged)."""
    return tuple(sorted({m.filename for m in project.modules.values()}))


def _views_in_child(paths: list[str], cache_dir: Path | None,
                    preload: bool = False) -> ProjectViews:
    """`project_views` in a short-lived process: the syntax trees it builds (hundreds of
    MB for a large tree) are never part of the parent, which the lint workers fork from
    (their copy-on-write pages cost memory and CPU time).

    With `preload` the parent loads the linter (LibCST, the rules) while the child
    indexes: on another core, in time the parent would spend waiting, and once for all
    the lint workers, which fork with it loaded."""
    import multiprocessing
    import pickle

    from synclint.model.project import no_cyclic_gc

    try:
        receiving, sending = multiprocessing.Pipe(duplex=False)
        child = multiprocessing.Process(target=_send_views,
                                        args=(sending, paths, cache_dir, receiving), daemon=True)
        child.start()
    except Exception:  # noqa: BLE001 - no child process: index here instead
        return project_views(paths, cache_dir)
    sending.close()  # this process's end: a child that dies then reads as EOF
    data: bytes | None = None
    try:
        if preload:
            _preload_linter()
        try:
            data = receiving.recv_bytes()
        except (EOFError, OSError):
            pass  # the child died (out of memory, a signal): index here instead
        child.join()
    finally:
        receiving.close()
        if child.is_alive():  # Ctrl-C while it indexes
            child.terminate()
            child.join()
    if data is None:
        return project_views(paths, cache_dir)
    with no_cyclic_gc():
        views: ProjectViews = pickle.loads(data)
    return views


def _send_views(connection: Connection, paths: list[str], cache_dir: Path | None,
                parents_end: Connection | None = None) -> None:
    """The indexing child: send `project_views` to the parent, pickled with the cyclic
    collector off (its passes over the views' million objects tripled the time to pickle
    them here and made unpickling them in the parent ten times slower), then exit at once,
    without freeing the model one object at a time (1.2 s of the torch package's run):
    the system takes the process's memory back whole. It closes its copy of the parent's
    end of the pipe first, so that a parent killed outright makes the send fail instead
    of blocking forever."""
    import gc
    import pickle

    if parents_end is not None:
        parents_end.close()
    # Off to the end: turned back on with the model alive, the collector's first full
    # pass over its millions of objects would cost more than freeing them (4 s).
    gc.disable()
    status = 1
    try:
        kept: list[object] = []
        views = project_views(paths, cache_dir, keep=kept, parallel=True)
        connection.send_bytes(pickle.dumps(views, protocol=pickle.HIGHEST_PROTOCOL))
        status = 0
    finally:
        os._exit(status)


def _preload_linter() -> None:
    """Import what every lint worker needs (~0.25 s of CPU each) into this process, so
    that the workers forked from it share it instead of each importing it again."""
    import importlib

    for module in ("synclint.engine", "synclint.files_io", "synclint.notebook"):
        importlib.import_module(module)


def check_files(regular: list[str], settings: Settings, jobs: int | None,
                progress: Callable[[int], None] | None, cache: ResultCache | None,
                views: Mapping[str, FileView] | None
                ) -> tuple[list[FileOutcome], tuple[str, ...]]:
    """Check files on disk, each with its view of the model of all of them (`views`,
    by path, when the caller has it; else built here): each file's outcome, and the
    files the model read (`ProjectViews.sources`). Cache hits are served in this
    process first, so that a warm run starts no pool."""
    outcomes: list[FileOutcome] = []
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    pooled = workers > 1 and len(regular) >= POOL_THRESHOLD
    if views is None:
        views = {}
        if regular:
            cache_dir = cache.directory if cache is not None else None
            # Without a cache every file is linted: load the linter while the child indexes.
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
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        global _FORKED_VIEWS
        _preload_linter()  # once here rather than once per worker
        forked = multiprocessing.get_start_method() == "fork"
        _FORKED_VIEWS = views if forked else None
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)
        try:
            work = [(path, settings, cache, None if forked else views.get(path), forked)
                    for path in regular]
            for outcome in pool.map(_worker, work, chunksize=CHUNK_SIZE):
                outcomes.append(outcome)
                if progress is not None:
                    progress(1)
        except BaseException:
            # Ctrl-C: drop the queued files instead of waiting for all of them.
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            _FORKED_VIEWS = None
        pool.shutdown()
    else:
        import gc

        # The views (a million objects on a large tree) live until the end: the cyclic
        # collector, run between files, would scan them again and again (16% of the CPU
        # of a --jobs 1 run on torch/distributed). Frozen, it leaves them alone.
        gc.freeze()
        try:
            for path in regular:
                outcomes.append(check_file(path, settings, cache=cache, view=views.get(path)))
                if progress is not None:
                    progress(1)
        finally:
            gc.unfreeze()
    return outcomes, getattr(views, "sources", ())
