"""Runtime harness: count host syncs and track temporary memory, on CUDA or emulated.

torch is imported only when a function here is called, so `import synclint` never needs it.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Generic, Literal, ParamSpec, TypeVar

from synclint.runtime.events import MemoryReport, SyncEvent, SyncReport

if TYPE_CHECKING:
    import torch

__all__ = [
    "Backend",
    "CountedFunction",
    "MemoryReport",
    "SyncEvent",
    "SyncCounting",
    "SyncReport",
    "Threads",
    "allow_syncs",
    "count_syncs",
    "mark_host",
    "track_memory",
]

Backend = Literal["auto", "cuda", "emulated"]
Threads = Literal["current", "all"]
P = ParamSpec("P")
R = TypeVar("R")
_BACKENDS = ("auto", "cuda", "emulated")
INSTALL_HINT = "synclint's runtime harness needs PyTorch: pip install 'synclint[runtime]'"


def _require_torch() -> None:
    try:
        import torch  # noqa: F401
    except ImportError as exc:
        raise ImportError(INSTALL_HINT) from exc


def _resolve(backend: str) -> str:
    if backend not in _BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(_BACKENDS)}, not {backend!r}")
    _require_torch()
    import torch

    if backend == "auto":
        return "cuda" if torch.cuda.is_available() else "emulated"
    if backend == "cuda" and not torch.cuda.is_available():
        raise RuntimeError("backend='cuda' needs a CUDA device; use 'emulated' or 'auto'")
    return backend


class SyncCounting:
    """What `count_syncs()` returns: a `with` region and a function decorator.

    Used with `with`, it yields its `SyncReport`. Used as a decorator, every call of the
    function runs in the region and adds to the same report, `counting.report` (also on the
    wrapped function as `.syncs`). `warmup=N` ignores the first N runs: the first N calls of
    a decorated function, or the first N times a kept `count_syncs(...)` object is entered.
    Recursive calls of a decorated function count once, in the outermost call.
    """

    def __init__(
        self, backend: Backend, *, whole_program: bool, threads: Threads, warmup: int
    ) -> None:
        if threads not in ("current", "all"):
            raise ValueError(f"threads must be 'current' or 'all', not {threads!r}")
        if isinstance(warmup, bool) or not isinstance(warmup, int) or warmup < 0:
            raise ValueError(f"warmup must be a whole number of calls >= 0, not {warmup!r}")
        self.backend = _resolve(backend)
        self.whole_program = whole_program
        self.threads: Threads = threads
        self.warmup = warmup
        self.report = SyncReport(backend=self.backend)
        self.runs = 0  # entries so far, warm-up ones included
        self._lock = threading.Lock()
        # Per thread: a decorated function may run in several threads at once.
        self._local = threading.local()

    def __enter__(self) -> SyncReport:
        with self._lock:
            self.runs += 1
            counted = self.runs > self.warmup
        region: AbstractContextManager[SyncReport] | None = None
        if counted:
            region = self._region()
            region.__enter__()
        self._open().append(region)
        return self.report

    def __exit__(self, *exc_info: object) -> None:
        region = self._open().pop()
        if region is not None:
            region.__exit__(None, None, None)

    def _open(self) -> list[AbstractContextManager[SyncReport] | None]:
        regions: list[AbstractContextManager[SyncReport] | None] | None = getattr(self._local, "regions", None)
        if regions is None:
            regions = self._local.regions = []
        return regions

    def _region(self) -> AbstractContextManager[SyncReport]:
        all_threads = self.threads == "all"
        if self.backend == "cuda":
            from synclint.runtime.cuda import cuda_syncs

            return cuda_syncs(self.report, all_threads)
        from synclint.runtime.emulated import emulated_syncs

        return emulated_syncs(self.report, self.whole_program, all_threads)

    def __call__(self, func: Callable[P, R]) -> CountedFunction[P, R]:
        return CountedFunction(func, self)


class CountedFunction(Generic[P, R]):
    """A function decorated with `count_syncs(...)`; `.syncs` is its report."""

    def __init__(self, func: Callable[P, R], counting: SyncCounting) -> None:
        functools.update_wrapper(self, func)
        self.__wrapped__ = func
        self.counting = counting
        self._depth = threading.local()

    @property
    def syncs(self) -> SyncReport:
        return self.counting.report

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        depth: int = getattr(self._depth, "n", 0)
        if depth > 0:
            return self.__wrapped__(*args, **kwargs)  # recursion: the outer call counts
        self._depth.n = 1
        try:
            with self.counting:
                return self.__wrapped__(*args, **kwargs)
        finally:
            self._depth.n = 0


def count_syncs(
    backend: Backend = "auto",
    *,
    whole_program: bool = False,
    threads: Threads = "current",
    warmup: int = 0,
) -> SyncCounting:
    """Count host syncs in a region (`with count_syncs() as syncs:`) or a decorated function.

    "auto" uses CUDA's sync debug mode when CUDA is available, else the emulator. The
    emulator treats tensors that existed before the region as device tensors and those made
    on the host inside it as host tensors; `whole_program=True` treats every tensor as a
    device tensor unless it came from a host conversion or `mark_host` (for code written
    for the GPU; the pytest markers use it).

    `threads="current"` (the default) counts the thread that entered the region; "all"
    counts every thread (emulated: threads started inside the region; CUDA: any thread).
    Syncs inside `allow_syncs()` go to `report.allowed`, not `report.events`/`total`.
    `warmup=N` ignores the first N runs (see `SyncCounting`). Regions nest in any mix with
    `track_memory`; each counts what happens inside it, and nested emulated regions share
    the outermost open region's emulation (its `whole_program` setting included).
    """
    return SyncCounting(backend, whole_program=whole_program, threads=threads, warmup=warmup)


@contextmanager
def track_memory(
    backend: Backend = "auto", *, device: torch.device | str | None = None
) -> Iterator[MemoryReport]:
    """Peak and still-live bytes allocated in the region, final when the region exits.

    CUDA: the caching allocator's peak minus the bytes allocated at entry. Emulated: the
    running sum of the storages created by aten ops in the region (views, in-place ops
    and `out=` add nothing), on whatever device they live.
    """
    chosen = _resolve(backend)
    report = MemoryReport(backend=chosen)
    if chosen == "cuda":
        import torch

        from synclint.runtime.cuda import cuda_memory

        with cuda_memory(report, torch.device(device) if device is not None else None):
            yield report
    else:
        from synclint.runtime.memory import emulated_memory

        with emulated_memory(report):
            yield report


def mark_host(t: torch.Tensor) -> torch.Tensor:
    """Declare a tensor (and its views) as host data for the emulator; returns it.

    For data that stays on the CPU in real runs too (counters, statistics buffers), made
    before a region or, in whole-program mode and under the pytest markers, inside it.
    """
    _require_torch()
    from synclint.runtime.storages import mark_host as _mark

    return _mark(t)


@contextmanager
def allow_syncs() -> Iterator[None]:
    """Mark the syncs this thread makes inside the block as expected.

    Enclosing `count_syncs` regions (and the pytest markers) list them in
    `report.allowed` instead of counting them: `total` and budgets ignore them.
    """
    _require_torch()
    from synclint.runtime.recording import allow_syncs as _allow

    with _allow():
        yield
