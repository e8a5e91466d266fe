"""CUDA backend: real syncs from the sync debug mode, real peaks from the caching allocator."""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any, TextIO

import torch

from synclint.runtime.events import MemoryReport, SyncReport
from synclint.runtime.recording import (
    SyncRegion,
    acquire_function_mode,
    add_region,
    record_in_call,
    release_function_mode,
    remove_region,
    thread_state,
)

# The text of TORCH_WARN in c10/cuda/CUDAFunctions.h (warn_or_error_on_sync).
SYNC_MESSAGE = "called a synchronizing CUDA operation"


class CudaSyncCounter:
    """Turns the sync debug mode's warnings into events; other warnings pass through.

    The debug mode and the warning hooks are process-wide, so one counter serves every
    open CUDA region of every thread; `record` gives each event to the regions watching
    the thread that synced.
    """

    def __init__(self) -> None:
        self._previous_debug_mode: int = 0
        self._previous_show: Any = None
        self._catcher: warnings.catch_warnings[Any] | None = None

    def _show(
        self,
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        # Warnings raised from C++ may carry "(Triggered internally at ...)" after the text.
        if str(message).startswith(SYNC_MESSAGE):
            record_in_call("sync", "cuda sync")
            return
        self._previous_show(message, category, filename, lineno, file, line)

    def start(self) -> None:
        self._previous_debug_mode = torch.cuda.get_sync_debug_mode()
        self._catcher = warnings.catch_warnings()
        self._catcher.__enter__()
        try:
            warnings.simplefilter("always")
            self._previous_show = warnings.showwarning
            warnings.showwarning = self._show
            torch.cuda.set_sync_debug_mode("warn")
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        try:
            torch.cuda.set_sync_debug_mode(self._previous_debug_mode)
        finally:
            if self._catcher is not None:
                self._catcher.__exit__(None, None, None)
                self._catcher = None


_counter: CudaSyncCounter | None = None
_counter_users = 0
_counter_lock = threading.Lock()


@contextmanager
def cuda_syncs(report: SyncReport, all_threads: bool = False) -> Iterator[SyncReport]:
    """Count real syncs into `report`; all open CUDA regions share one counter."""
    global _counter, _counter_users
    with _counter_lock:
        if _counter is None:
            counter = CudaSyncCounter()
            counter.start()
            _counter = counter
        _counter_users += 1
    state = thread_state()
    region = SyncRegion(report, threading.get_ident(), all_threads)
    try:
        with ExitStack() as stack:
            # Dedupes per API call in this thread; other threads' syncs count per warning.
            acquire_function_mode(state)
            stack.callback(release_function_mode, state)
            add_region(region)
            stack.callback(remove_region, region)
            yield report
    finally:
        with _counter_lock:
            _counter_users -= 1
            if _counter_users == 0 and _counter is not None:
                counter, _counter = _counter, None
                counter.stop()


class _CudaPeak:
    def __init__(self, device: torch.device) -> None:
        self.device = device
        self.baseline = 0
        self.observed = 0


_active_peaks: list[_CudaPeak] = []
_peaks_lock = threading.Lock()


@contextmanager
def cuda_memory(report: MemoryReport, device: torch.device | None = None) -> Iterator[MemoryReport]:
    """Peak and live bytes allocated on `device` in the region, minus the baseline at entry."""
    dev = device if device is not None else torch.device("cuda", torch.cuda.current_device())
    peak = _CudaPeak(dev)
    with _peaks_lock:
        # Resetting the peak below would erase what enclosing regions saw so far.
        current_max = torch.cuda.max_memory_allocated(dev)
        for outer in _active_peaks:
            if outer.device == dev:
                outer.observed = max(outer.observed, current_max)
        peak.baseline = torch.cuda.memory_allocated(dev)
        torch.cuda.reset_peak_memory_stats(dev)
        _active_peaks.append(peak)
    try:
        yield report
    finally:
        with _peaks_lock:
            _active_peaks.remove(peak)
            highest = max(peak.observed, torch.cuda.max_memory_allocated(dev))
            report.peak_bytes = max(0, highest - peak.baseline)
            report.live_bytes = max(0, torch.cuda.memory_allocated(dev) - peak.baseline)
