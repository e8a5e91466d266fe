"""A cold check on a system that forks: the lint workers fork from the process that built
the model, so they share it instead of receiving it.

The model of a large tree (its syntax trees, summaries and classes) is built in a child
process, which then starts the pool of lint workers. Each worker forks with the whole
model in its memory: it builds each file's view where it lints the file (the views are
built in parallel, and never pickled), and the model's `ast` tree of each file serves
the gate and the rules' facts (`model.facts.share_trees`), so no file is parsed by `ast`
twice. The outcomes come back to this process one by one; the child then exits without
freeing the model (the system takes its memory back whole).

Against building the views in the child and sending them here (`checking._views_in_child`,
still the path where processes are spawned, or some results are cached): on the whole
torch package about 0.9x the wall and CPU time (`synclint check --select ALL --no-cache`,
both ways in one session), for about twice the memory (PSS 3.5 GB against 1.7 GB): the
model stays alive while the workers lint, and its pages are shared copy-on-write, so
the pages a worker writes (reference counts of what it reads) are copied. The workers'
collector is told to leave the inherited objects alone (`gc.freeze`).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from synclint.checking import (
    CHUNK_SIZE,
    FileOutcome,
    _ignore_interrupts,
    _preload_linter,
    check_file,
    index_project,
    model_sources,
)
from synclint.files import display_path

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from synclint.cache import ResultCache
    from synclint.config import Settings
    from synclint.model.project import Project

#: In the indexing child and the lint workers it forks: the model (None where it could
#: not be built: each file is then indexed on its own) and what every file is checked with.
_state: tuple[Project | None, Settings, ResultCache | None] | None = None


def can_fork() -> bool:
    """Whether lint workers would fork from this process (Linux; not spawn-only systems)."""
    import multiprocessing

    return multiprocessing.get_start_method() == "fork"


def check_forked(paths: list[str], settings: Settings, workers: int,
                 progress: Callable[[int], None] | None, cache: ResultCache | None
                 ) -> tuple[list[FileOutcome], tuple[str, ...] | None]:
    """Check `paths` with lint workers forked from the model: the outcomes, and the files
    the model read. Those are None when the child could not start or died before it
    finished: the caller then checks the files without an outcome the usual way."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    try:
        receiving, sending = context.Pipe(duplex=False)
        # Not a daemon: it starts the workers (a daemon may not have children).
        child = context.Process(target=_child,
                                args=(sending, paths, settings, workers, cache, receiving))
        child.start()
    except Exception:  # noqa: BLE001 - no child process: the usual way
        return [], None
    sending.close()  # a child that dies then reads as EOF
    outcomes: list[FileOutcome] = []
    sources: tuple[str, ...] | None = None
    try:
        while True:
            try:
                message = receiving.recv()
            except (EOFError, OSError):
                break  # the child died (out of memory, a signal)
            if isinstance(message, FileOutcome):
                outcomes.append(message)
                if progress is not None:
                    progress(1)
            else:
                sources = message
                break
        if sources is None:  # its workers may wait for it forever
            _stop(child)
        child.join()
    finally:
        receiving.close()
        if child.is_alive():  # Ctrl-C
            _stop(child)
    return outcomes, sources


def _child(connection: Connection, paths: list[str], settings: Settings, workers: int,
           cache: ResultCache | None, parents_end: Connection | None = None) -> None:
    """Build the model, lint every file in a pool forked from here, send each outcome
    and then the files the model read; exit without freeing anything. The child leads a
    process group of its own with its workers: Ctrl-C reaches the parent alone, which
    stops them all at once (`_stop`). The child closes its copy of the parent's end of
    the pipe first: a parent killed outright then makes its next send fail, where it
    would block forever on a full pipe that it alone kept open (with the model's GBs)."""
    import gc
    import multiprocessing

    global _state
    if parents_end is not None:
        parents_end.close()
    os.setpgrp()
    gc.disable()  # as in the index: nothing here needs the cyclic collector
    pool: Any = None
    status = 1
    try:
        project = index_project(paths, cache.directory if cache is not None else None,
                                parallel=workers > 1)
        _state = (project, settings, cache)
        if project is not None:
            from synclint.model.facts import share_trees

            share_trees({m.filename: (m.sha, m.tree) for m in project.modules.values()
                         if m.tree is not None}, project.expression_kinds, project)
        _preload_linter()  # once here, shared by the workers
        # The collector of each worker leaves every object inherited from here alone
        # (it would scan the model's millions again and again, and copy their pages).
        gc.freeze()
        pool = multiprocessing.get_context("fork").Pool(workers, initializer=_worker_started)
        for outcome in pool.imap(_lint, paths, chunksize=CHUNK_SIZE):
            connection.send(outcome)
        pool.close()
        pool.join()
        pool = None
        connection.send(model_sources(project) if project is not None else ())
        status = 0
    finally:
        if pool is not None:
            pool.terminate()
        os._exit(status)


def _stop(child: Any) -> None:
    """Stop the child and its workers (their process group) at once."""
    try:
        os.killpg(child.pid, signal.SIGKILL)
    except OSError:
        pass  # none left in the group (or it was never formed: the child alone)
    if child.is_alive():
        child.kill()
    child.join()


def _worker_started() -> None:
    """A lint worker: its own objects are collected as usual (not the model's, frozen),
    and `Pool.terminate` stops it at once (nothing of the child's to run on SIGTERM)."""
    import gc

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _ignore_interrupts()
    gc.enable()


def _lint(path: str) -> FileOutcome:
    assert _state is not None, "a lint worker that was not forked from the indexing child"
    project, settings, cache = _state
    view = project.view(display_path(path)) if project is not None else None
    return check_file(path, settings, cache=cache, view=view)
