"""Emulated memory tracking: the running sum of bytes of storages created in the region."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import torch

from synclint.runtime.emulated import (
    acquire_dispatch_mode,
    iter_tensors,
    output_tensors,
    release_dispatch_mode,
)
from synclint.runtime.events import MemoryReport
from synclint.runtime.recording import thread_state


class _Tally:
    def __init__(self) -> None:
        self.running = 0
        self.peak = 0

    def add(self, nbytes: int) -> None:
        self.running += nbytes
        if self.running > self.peak:
            self.peak = self.running


class MemoryTracker:
    """Adds each new output storage's bytes; a finalizer subtracts them when it dies.

    Fed by this thread's dispatch mode. Views, in-place ops and `out=` return an input's
    storage and add nothing.
    """

    def __init__(self) -> None:
        self.tallies: list[_Tally] = []
        self._known: dict[int, object] = {}
        self._lock = threading.Lock()

    def on_outputs(self, args: tuple[Any, ...], kwargs: dict[str, Any], out: Any) -> None:
        if not self.tallies:
            return
        inputs: set[int] | None = None
        for t in output_tensors(out):
            try:
                storage = t.untyped_storage()
            except (RuntimeError, NotImplementedError, TypeError):
                continue
            key = int(storage.data_ptr())
            if key == 0 or key in self._known:
                continue
            if inputs is None:
                inputs = {_key(i) for i in iter_tensors(args, kwargs)}
            if key in inputs:
                continue
            self._allocated(storage, key)

    def _allocated(self, storage: torch.UntypedStorage, key: int) -> None:
        nbytes = int(storage.nbytes())
        token = object()
        tallies = tuple(self.tallies)
        with self._lock:
            self._known[key] = token
            for tally in tallies:
                tally.add(nbytes)
        weakref.finalize(storage, self._freed, key, token, nbytes, tallies)

    def _freed(self, key: int, token: object, nbytes: int, tallies: tuple[_Tally, ...]) -> None:
        with self._lock:
            if self._known.get(key) is token:
                del self._known[key]
            for tally in tallies:
                tally.running -= nbytes


def _key(t: torch.Tensor) -> int:
    try:
        return int(t.untyped_storage().data_ptr())
    except (RuntimeError, NotImplementedError, TypeError):
        return 0


@contextmanager
def emulated_memory(report: MemoryReport) -> Iterator[MemoryReport]:
    """Track into `report`; nested regions share one tracker and each keeps its own tally."""
    state = thread_state()
    if state.memory is None:
        state.memory = MemoryTracker()
    tracker: MemoryTracker = state.memory
    tally = _Tally()
    tracker.tallies.append(tally)
    try:
        acquire_dispatch_mode(state)
        try:
            yield report
        finally:
            release_dispatch_mode(state)
    finally:
        for i, active in enumerate(tracker.tallies):
            if active is tally:
                del tracker.tallies[i]
                break
        report.peak_bytes = tally.peak
        report.live_bytes = max(0, tally.running)
