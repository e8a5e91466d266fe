"""A run with nothing cached, overlapped: the lint workers read and parse while the index
is built (SYNCLINT_OVERLAP_INDEX=1; off by default).

The whole-program index (built from `ast` in a child process) costs about a fifth of
LibCST's parsing of the same files. Built first, it runs alone on one core while the lint
workers wait. Here the index child and the workers start together: each worker reads
and parses its first files (those that `parse_ahead` takes for needed), then waits for
their views; the other files are sent with their views once the index is done.

Since the model's gate (`model/candidates.py`) keeps LibCST away from files where no
rule can fire, most files parsed ahead are parsed for nothing: on torch's nn/optim/fx
the overlapped run took 2.06x the floor's CPU time and 2.26x its wall time, the index
first 1.48x and 1.32x (`benchmarks/speed.py`). The default is the index first; this
order is kept to compare, and to test that both give the same findings.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from synclint.checking import (
    CHUNK_SIZE,
    FileOutcome,
    ProjectViews,
    _ignore_interrupts,
    _preload_linter,
    check_file,
    project_views,
)

if TYPE_CHECKING:
    from pathlib import Path

    from libcst import Module

    from synclint.analysis.project import FileView
    from synclint.cache import ResultCache
    from synclint.config import Settings
    from synclint.files_io import SourceFile

#: The share of the source bytes each lint worker reads and parses ahead, while the
#: index is still being built (indexing costs about a fifth of parsing), and the most
#: source the workers hold parsed at once, all together (LibCST's trees take ~100 bytes
#: per byte of source: ~200 MB).
AHEAD_SHARE = 0.2
AHEAD_MAX_BYTES = 2 * 2**20


@dataclass(frozen=True)
class Ahead:
    """A file read, and parsed when every view would need it, before the views exist."""

    source_file: SourceFile | None
    parsed: Module | None = None


#: In a lint worker of an overlapped run: (views ready, run stopped, the folder where
#: the parent writes each first batch's views).
_overlap: tuple[Any, Any, str] | None = None


def _init_overlap(ready: Any, stop: Any, scratch: str) -> None:
    global _overlap
    _ignore_interrupts()
    _overlap = (ready, stop, scratch)


def _first_batch_views(number: int) -> dict[str, FileView]:
    """The views of first batch `number`, once the parent has written them (waits)."""
    assert _overlap is not None
    ready, _, scratch = _overlap
    ready.wait()
    try:
        with open(_views_file(scratch, number), "rb") as handle:
            views: dict[str, FileView] = pickle.load(handle)
            return views
    except Exception:  # noqa: BLE001 - no views: each file is indexed on its own
        return {}


def _views_file(scratch: str, number: int) -> str:
    return os.path.join(scratch, f"views-{number}.pickle")


def _read_ahead(path: str, settings: Settings) -> Ahead | None:
    from synclint.engine import parse_ahead
    from synclint.files_io import SourceError, read_source
    from synclint.notebook import is_notebook

    if is_notebook(path):
        return None
    try:
        source_file = read_source(path)
    except SourceError:
        return None  # check_file reports it
    try:
        parsed = parse_ahead(source_file.text, settings.codes_for(path))
    except Exception:  # noqa: BLE001 - check_file parses it again and reports any problem
        parsed = None
    return Ahead(source_file, parsed)


def _overlapped_batch(args: tuple[list[str], Settings, ResultCache | None,
                                  tuple[int, int] | None, dict[str, FileView] | None]
                      ) -> list[FileOutcome]:
    """Lint a batch in a worker. A first batch (`first`: its number and parse-ahead
    budget, in bytes of source) is read and parsed while the index is still being built,
    then waits for its views; the later batches come with theirs (`views`)."""
    from synclint.analysis.project import no_cyclic_gc

    paths, settings, cache, first, views = args
    assert _overlap is not None
    ready, stop, _ = _overlap
    ahead: dict[str, Ahead] = {}
    # The trees parsed ahead are not garbage: the cyclic collector would only scan them
    # again and again while they wait (as in the index, `no_cyclic_gc`).
    with no_cyclic_gc():
        if first is not None:
            number, budget = first
            for path in paths:
                if budget <= 0 or ready.is_set():
                    break
                found = _read_ahead(path, settings)
                if found is not None:
                    ahead[path] = found
                    if found.parsed is not None and found.source_file is not None:
                        budget -= len(found.source_file.text)
            views = _first_batch_views(number)
        outcomes = []
        for path in paths:
            if stop.is_set():
                break
            view = views.get(path) if views is not None else None
            outcomes.append(check_file(path, settings, cache=cache, view=view,
                                      ahead=ahead.pop(path, None)))
    return outcomes


def _index_child(paths: list[str], cache_dir: Path | None) -> ProjectViews:
    """What the index child computes and sends back."""
    return project_views(paths, cache_dir)


def _write_views(views: dict[str, FileView], target: str) -> None:
    temporary = target + ".tmp"
    with open(temporary, "wb") as handle:
        pickle.dump(views, handle, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(temporary, target)


def _first_batches(paths: list[str], workers: int) -> tuple[list[list[str]], int]:
    """One large batch per worker, to read and parse while the index is built (the
    share of the bytes the index takes to build, within AHEAD_MAX_BYTES for all of
    them), and the parse-ahead budget of each; the rest go in batches of CHUNK_SIZE."""
    sizes = [_size_of(path) for path in paths]
    budget = min(int(sum(sizes) * AHEAD_SHARE), AHEAD_MAX_BYTES // workers)
    batches: list[list[str]] = []
    index = 0
    for _ in range(workers):
        batch: list[str] = []
        taken = 0
        while index < len(paths) and (not batch or taken < budget):
            batch.append(paths[index])
            taken += sizes[index]
            index += 1
        if batch:
            batches.append(batch)
    return batches, budget


def _size_of(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def check_overlapped(paths: list[str], settings: Settings, workers: int,
                      progress: Callable[[int], None] | None,
                      cache: ResultCache | None
                      ) -> tuple[list[FileOutcome], tuple[str, ...]]:
    """Check mode with nothing cached: the index child and the lint workers start together
    (each file's outcome, and the files the model read).

    Each worker reads and parses its first batch (what every view would need parsed)
    while the index is built, then waits for that batch's views; the other batches are
    sent with their views once the index is done. The index no longer runs alone on one
    core before the workers start."""
    import multiprocessing
    import shutil
    import tempfile
    from concurrent.futures import Future, ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context()
    ready, stop = context.Event(), context.Event()
    scratch = tempfile.mkdtemp(prefix="synclint-views-")
    cache_dir = cache.directory if cache is not None else None
    outcomes: list[FileOutcome] = []
    index_pool: ProcessPoolExecutor | None = None
    pool: ProcessPoolExecutor | None = None
    indexed: Future[ProjectViews] | None = None
    sources: tuple[str, ...] = ()
    try:
        try:  # forked first, from the still small parent
            index_pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
            indexed = index_pool.submit(_index_child, paths, cache_dir)
        except Exception:  # noqa: BLE001 - no child process: index below, here
            indexed = None
        _preload_linter()  # meanwhile, once for all the workers forked next
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                   initializer=_init_overlap,
                                   initargs=(ready, stop, scratch))
        first, budget = _first_batches(paths, workers)
        futures = [pool.submit(_overlapped_batch, (batch, settings, cache, (number, budget),
                                                   None))
                   for number, batch in enumerate(first)]
        try:
            if indexed is None:
                raise RuntimeError("no index child")
            views = indexed.result()
        except Exception:  # noqa: BLE001 - the child failed: index here instead
            views = project_views(paths, cache_dir)
        sources = views.sources
        for number, batch in enumerate(first):
            _write_views({p: views[p] for p in batch if p in views},
                         _views_file(scratch, number))
        ready.set()
        rest = paths[sum(len(batch) for batch in first):]
        futures.extend(
            pool.submit(_overlapped_batch,
                        (batch, settings, cache, None, {p: views[p] for p in batch if p in views}))
            for batch in (rest[i:i + CHUNK_SIZE] for i in range(0, len(rest), CHUNK_SIZE)))
        for future in as_completed(futures):
            batch_outcomes = future.result()
            outcomes.extend(batch_outcomes)
            if progress is not None:
                progress(len(batch_outcomes))
    except BaseException:
        # Ctrl-C: waiting workers are released and stop before their next file.
        stop.set()
        ready.set()
        for executor in (pool, index_pool):
            if executor is not None:
                executor.shutdown(wait=False, cancel_futures=True)
        raise
    finally:
        ready.set()
        shutil.rmtree(scratch, ignore_errors=True)
    for executor in (pool, index_pool):
        if executor is not None:
            executor.shutdown()
    return outcomes, sources


def nothing_cached(cache: ResultCache) -> bool:
    """The cache directory holds no result yet (a first run, a fresh CI machine): every
    file will be linted, so the workers need not wait for the cache lookups."""
    try:
        with os.scandir(cache.directory) as entries:
            return all(entry.name == ".gitignore" for entry in entries)
    except OSError:
        return True  # absent (or unreadable: the lookups would all miss too)


def overlap_index() -> bool:
    """Whether a pooled run without a cache parses while the index is built (off unless
    SYNCLINT_OVERLAP_INDEX=1: kept to compare and to test that both orders give the
    same findings)."""
    return os.environ.get("SYNCLINT_OVERLAP_INDEX", "") == "1"
