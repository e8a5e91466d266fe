"""Run work items in worker processes that a watchdog kills when one item takes too long
or crashes the interpreter, so a long fuzz or soak run reports such files and goes on."""

from __future__ import annotations

import multiprocessing
import queue
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any, Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    item: T
    #: What `work` returned; None when the worker died or was killed.
    value: Any
    seconds: float
    #: "ok", "timeout" or "died" (a segfault, an abort, the OOM killer...).
    status: str = "ok"
    exit_code: int | None = None


def _serve(work: Callable[[Any], Any], tasks: Any, results: Any, slot: int) -> None:
    while True:
        task = tasks.get()
        if task is None:
            return
        index, item = task
        results.put((slot, index, work(item)))


@dataclass
class _Worker:
    process: BaseProcess
    tasks: Any
    busy: tuple[int, Any, float] | None = None


def run_isolated(items: Iterable[T], work: Callable[[T], Any], *, jobs: int = 2,
                 timeout: float = 60.0) -> Iterator[Outcome[T]]:
    """`work(item)` for every item in forked workers, as they finish (unordered)."""
    context = multiprocessing.get_context("fork")
    results: Any = context.Queue()
    pending = iter(enumerate(items))
    workers: list[_Worker] = []

    def start(slot: int) -> _Worker:
        tasks: Any = context.SimpleQueue()
        process = context.Process(target=_serve, args=(work, tasks, results, slot), daemon=True)
        process.start()
        return _Worker(process, tasks)

    workers = [start(slot) for slot in range(max(1, jobs))]
    exhausted = False
    try:
        while True:
            for worker in workers:
                if worker.busy is None and not exhausted:
                    task = next(pending, None)
                    if task is None:
                        exhausted = True
                        break
                    worker.tasks.put(task)
                    worker.busy = (task[0], task[1], time.perf_counter())
            if exhausted and all(worker.busy is None for worker in workers):
                return
            try:
                slot, index, value = results.get(timeout=0.05)
            except queue.Empty:
                pass
            else:
                worker = workers[slot]
                # A result from a worker killed just after it finished is stale: skip it.
                if worker.busy is not None and worker.busy[0] == index:
                    _, item, started = worker.busy
                    worker.busy = None
                    yield Outcome(item, value, time.perf_counter() - started)
            for slot, worker in enumerate(workers):
                if worker.busy is None:
                    continue
                _, item, started = worker.busy
                elapsed = time.perf_counter() - started
                if not worker.process.is_alive():
                    # Its result may still be in the queue: give it a moment first.
                    if elapsed < 0.5 or not results.empty():
                        continue
                    yield Outcome(item, None, elapsed, "died", worker.process.exitcode)
                elif elapsed > timeout:
                    worker.process.kill()
                    worker.process.join()
                    yield Outcome(item, None, elapsed, "timeout")
                else:
                    continue
                workers[slot] = start(slot)
    finally:
        for worker in workers:
            if worker.process.is_alive():
                worker.process.kill()
            worker.process.join()
