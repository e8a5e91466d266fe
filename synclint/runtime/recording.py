"""What both sync backends share: active regions, per-thread state, the API-call stack.

Every sync either backend sees goes through `record()`, which hands one event to each
active region that watches the calling thread. Regions are registered by identity, so any
mix of nested regions (and regions left out of order) can end without disturbing others.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch
from torch.overrides import TorchFunctionMode

from synclint.runtime.events import SyncEvent, SyncReport, user_frame, user_stack

# Python APIs whose user-facing name differs from the dunder the function mode sees.
API_KINDS: dict[str, str] = {
    "__bool__": "bool",
    "__float__": "float",
    "__int__": "int",
    "__index__": "index",
    "__getitem__": "getitem",
    "__setitem__": "setitem",
    "__contains__": "contains",
    "__repr__": "repr",
    "__str__": "str",
    "__format__": "format",
    "__array__": "numpy",
    "copy_": "copy",
}


@dataclass
class ApiCall:
    """An outermost torch API call in progress; `synced` makes it count at most once."""

    name: str
    synced: bool = False


@dataclass(eq=False)
class SyncRegion:
    """One active `count_syncs` region: where its events go and which threads it watches."""

    report: SyncReport
    thread: int
    all_threads: bool

    def watches(self, thread: int) -> bool:
        return self.all_threads or thread == self.thread


@dataclass(eq=False)
class ThreadState:
    """The harness's state for one thread; torch's modes are thread-local too."""

    calls: list[ApiCall] = field(default_factory=list)
    allow_depth: int = 0
    # The emulators (emulated.Emulator) of the regions open in this thread, innermost last,
    # and the memory tracker (memory.MemoryTracker); Any because those modules import this.
    emulators: list[Any] = field(default_factory=list)
    memory: Any = None
    function_mode: Any = None
    function_users: int = 0
    dispatch_mode: Any = None
    dispatch_users: int = 0

    @property
    def emulator(self) -> Any:
        return self.emulators[-1] if self.emulators else None


_local = threading.local()
_regions: list[SyncRegion] = []
_lock = threading.RLock()


def thread_state() -> ThreadState:
    state: ThreadState | None = getattr(_local, "state", None)
    if state is None:
        state = ThreadState()
        _local.state = state
    return state


def add_region(region: SyncRegion) -> None:
    with _lock:
        _regions.append(region)
        if len(_regions) == 1:
            _patch_synchronize()


def remove_region(region: SyncRegion) -> None:
    with _lock:
        for i, active in enumerate(_regions):
            if active is region:  # identity: two reports may compare equal
                del _regions[i]
                break
        if not _regions:
            _unpatch_synchronize()


def record(kind: str, op: str) -> None:
    """Give one event to every active region watching this thread (allowed or counted)."""
    thread = threading.get_ident()
    regions = [r for r in tuple(_regions) if r.watches(thread)]
    if not regions:
        return
    file, line, function = user_frame()
    event = SyncEvent(kind=kind, op=op, file=file, line=line, function=function,
                      stack=user_stack())
    allowed = thread_state().allow_depth > 0
    for region in regions:
        (region.report.allowed if allowed else region.report.events).append(event)


def record_in_call(fallback_kind: str, op: str) -> None:
    """Record a sync seen below the Python API (dispatcher, warning), once per API call."""
    calls = thread_state().calls
    if calls:
        call = calls[-1]
        if call.synced:
            return
        call.synced = True
        record(API_KINDS.get(call.name, call.name), op)
    else:
        record(fallback_kind, op)


def record_here(name: str, op: str) -> None:
    """Record a sync the Python API itself makes (`.tolist()`, `.cpu()`), once per call."""
    calls = thread_state().calls
    if calls:
        calls[-1].synced = True
    record(API_KINDS.get(name, name), op)


@contextmanager
def allow_syncs() -> Iterator[None]:
    """Mark syncs made in this thread inside the block as expected.

    Enclosing `count_syncs` regions list them in `report.allowed` instead of `events`, so
    they count neither in `total` nor against `max_syncs` budgets.
    """
    state = thread_state()
    state.allow_depth += 1
    try:
        yield
    finally:
        state.allow_depth -= 1


# torch.cuda.synchronize() reaches neither the dispatcher nor the sync debug mode, so it is
# replaced while any region is active; one patch for all threads and regions.
_original_synchronize: Callable[..., None] | None = None


def _patch_synchronize() -> None:
    global _original_synchronize
    original = torch.cuda.synchronize
    _original_synchronize = original

    def synchronize(device: Any = None) -> None:
        record("synchronize", "torch.cuda.synchronize")
        if torch.cuda.is_available():  # emulated on a GPU machine too: still synchronize
            calls = thread_state().calls
            # The sync debug mode must not count this call a second time.
            calls.append(ApiCall("synchronize", synced=True))
            try:
                original(device)
            finally:
                calls.pop()

    torch.cuda.synchronize = synchronize


def _unpatch_synchronize() -> None:
    global _original_synchronize
    if _original_synchronize is not None:
        torch.cuda.synchronize = _original_synchronize
        _original_synchronize = None


class ApiCallMode(TorchFunctionMode):
    """Tracks the outermost torch API call so that one logical sync counts once.

    torch disables this mode while its handler runs, so nested torch calls are not seen.
    The emulator, when this thread has one, also handles host reads here.
    """

    def __init__(self, state: ThreadState) -> None:
        super().__init__()
        self.state = state

    def __torch_function__(
        self,
        func: Callable[..., Any],
        types: Any,
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        kwargs = kwargs or {}
        calls = self.state.calls
        name = getattr(func, "__name__", "")
        calls.append(ApiCall(name))
        try:
            emulator = self.state.emulator
            if emulator is not None and emulator.active:
                return emulator.handle_api(func, name, args, kwargs)
            return func(*args, **kwargs)
        finally:
            calls.pop()


def acquire_function_mode(state: ThreadState) -> None:
    """Install this thread's API-call mode (once, however many regions use it)."""
    if state.function_users == 0:
        mode: Any = ApiCallMode(state)  # torch leaves mode __enter__ untyped
        mode.__enter__()
        state.function_mode = mode
    state.function_users += 1


def release_function_mode(state: ThreadState) -> None:
    state.function_users -= 1
    if state.function_users == 0:
        mode, state.function_mode = state.function_mode, None
        mode.__exit__(None, None, None)
