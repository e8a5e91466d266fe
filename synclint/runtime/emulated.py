"""Emulated sync counting: on any device, count what would force a host sync on CUDA.

A storage is a device storage unless it is known to hold host data: made inside the region
from no device input (in region mode), returned by a host conversion (`.cpu()`, `.numpy()`,
...), or declared with `mark_host`. torch's dispatch and function modes are thread-local:
each thread that takes part installs its own pair once, shared by all its regions
(sync counting and memory tracking), so regions can nest and end in any order.
"""

from __future__ import annotations

import linecache
import re
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from types import FrameType
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode, _disable_current_modes

from synclint.runtime.events import SyncReport, user_frame
from synclint.runtime.recording import (
    SyncRegion,
    ThreadState,
    acquire_function_mode,
    add_region,
    record_here,
    record_in_call,
    release_function_mode,
    remove_region,
    thread_state,
)
from synclint.runtime.storages import MARKED_HOST, HostSet, storage_key

# aten ops that read device data on the host whenever any tensor input is on the device.
_ALWAYS_SYNC: dict[str, str] = {
    "_local_scalar_dense": "item",
    "nonzero": "nonzero",
    "masked_select": "masked_select",
    "_unique": "unique",
    "_unique2": "unique",
    "unique_dim": "unique",
    "unique_consecutive": "unique",
    "unique_dim_consecutive": "unique",
    "bincount": "bincount",
    "equal": "equal",
    "allclose": "allclose",
}
_INDEX_PUT = frozenset({"index_put", "index_put_", "_index_put_impl_"})
_FRESH = frozenset({"lift_fresh", "lift_fresh_copy", "lift"})
_HOST_READS = frozenset({"tolist", "__repr__", "__str__", "__format__"})
_MASK_DTYPES = (torch.bool, torch.uint8)


def iter_tensors(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Iterator[torch.Tensor]:
    """Tensors among the arguments, one level into lists (cat, index)."""
    for value in (*args, *kwargs.values()):
        if isinstance(value, torch.Tensor):
            yield value
        elif isinstance(value, (list, tuple)):
            for item in value:
                if isinstance(item, torch.Tensor):
                    yield item


def output_tensors(out: Any) -> Iterator[torch.Tensor]:
    if isinstance(out, torch.Tensor):
        yield out
    elif isinstance(out, (list, tuple)):
        for item in out:
            if isinstance(item, torch.Tensor):
                yield item


class Emulator:
    """Which tensors are device tensors, for every thread that reports to one region stack."""

    def __init__(self, whole_program: bool) -> None:
        self.whole_program = whole_program
        self.host = HostSet()
        self.regions = 0  # open regions using it

    @property
    def active(self) -> bool:
        # False once its regions end: modes left in threads started inside go inert.
        return self.regions > 0

    def is_host(self, t: torch.Tensor) -> bool:
        key = storage_key(t)
        return key != 0 and (key in self.host or key in MARKED_HOST)

    def is_device(self, t: torch.Tensor) -> bool:
        return not self.is_host(t)

    def host_copy(self, t: torch.Tensor) -> torch.Tensor:
        """A host-tagged copy; never tags `t` itself, which stays a device tensor."""
        with _disable_current_modes():
            # Real `.cpu()` allocates host memory, so the memory tracker must not see it.
            copy = t.clone()
        self.host.add(copy)
        return copy

    # -- the Python API: host reads that never reach the dispatcher on CPU ---------------

    def handle_api(
        self, func: Callable[..., Any], name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        self_t = args[0] if args and isinstance(args[0], torch.Tensor) else None
        if self_t is not None and name in ("cpu", "to"):
            return self._to_host(func, name, self_t, args, kwargs)
        if self_t is not None and name in ("numpy", "__array__"):
            if self.is_device(self_t) and self_t.numel() > 0:
                record_here(name, f"Tensor.{name}")
                return func(self.host_copy(self_t), *args[1:], **kwargs)
            return func(*args, **kwargs)
        if self_t is not None and name in _HOST_READS and self.is_device(self_t) \
                and (self_t.numel() > 0 or name != "tolist"):
            # An empty tensor copies nothing: CUDA returns before any transfer.
            record_here(name, f"Tensor.{name}")
        result = func(*args, **kwargs)
        if (
            self.whole_program
            and name in ("tensor", "as_tensor")
            and kwargs.get("device") is not None
            and isinstance(result, torch.Tensor)
        ):
            self.host.discard(result)  # written for the GPU: `torch.tensor(x, device=dev)`
        return result

    def _to_host(
        self,
        func: Callable[..., Any],
        name: str,
        self_t: torch.Tensor,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> Any:
        non_blocking = bool(kwargs.get("non_blocking", False))
        if name == "to":
            other = args[1] if len(args) > 1 else kwargs.get("other")
            if isinstance(other, torch.Tensor):
                to_host = self.is_host(other)
            else:
                device, _, non_blocking, _ = _parse_to(args[1:], kwargs)
                # Without a GPU, `device = "cuda" if torch.cuda.is_available() else "cpu"`
                # makes `.to(device)` a move to the CPU; on the GPU it is a host-to-device
                # move. Only a call that names the CPU itself is a read back to the host.
                to_host = device is not None and device.type == "cpu" and _names_the_cpu(
                    (*args[1:], *kwargs.values()))
        else:
            to_host = True
        # Decided here, once per call: the `_to_copy` that a move which also casts (or
        # copies) runs below is neither a second read nor, for a move to the device, one.
        thread_state().calls[-1].synced = True
        result = func(*args, **kwargs)
        if not to_host or not isinstance(result, torch.Tensor) or self.is_host(self_t):
            return result
        if not non_blocking and self_t.numel() > 0:
            # A non-blocking copy to pinned memory does not wait: no sync on CUDA either;
            # nor does the copy of an empty tensor (CUDA copies nothing).
            record_here(name, f"Tensor.{name}")
        if storage_key(result) == storage_key(self_t):
            return self.host_copy(result)  # CPU returned self: tag a copy, never the original
        self.host.add(result)
        return result

    # -- the dispatcher: syncing aten ops and host/device propagation --------------------

    def on_dispatch(self, func: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        name: str = func._overloadpacket.__name__
        kind = self._sync_kind(name, args, kwargs)
        if kind is not None:
            record_in_call(kind, str(func))
        out = func(*args, **kwargs)
        if self._output_is_host(name, args, kwargs):
            for t in output_tensors(out):
                self.host.add(t)
        return out

    def _output_is_host(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        if name in _FRESH:
            return True  # `torch.tensor(data)`: host data, whatever mode
        if self.whole_program and len(self.host) == 0 and len(MARKED_HOST) == 0:
            return False  # fast path: nothing is host yet
        seen_any = False
        for t in iter_tensors(args, kwargs):
            seen_any = True
            if self.is_device(t):
                return False
        return seen_any or not self.whole_program

    def _sync_kind(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
        if name in _ALWAYS_SYNC:
            if any(self.is_device(t) for t in iter_tensors(args, kwargs)):
                return _ALWAYS_SYNC[name]
            return None
        if name == "repeat_interleave":
            repeats = args[0]
            if (
                isinstance(repeats, torch.Tensor)
                and kwargs.get("output_size") is None
                and self.is_device(repeats)
            ):
                return "repeat_interleave"
            return None
        if name == "index":
            if any(self._device_mask(i) for i in args[1]):
                return "getitem"
            return None
        if name in _INDEX_PUT:
            return "setitem" if self._index_put_syncs(args, kwargs) else None
        if name == "copy_":
            dst, src = args[0], args[1]
            non_blocking = bool(args[2] if len(args) > 2 else kwargs.get("non_blocking", False))
            if self.is_host(dst) and self.is_device(src) and not non_blocking:
                return "copy"
            return None
        if name == "_to_copy":
            device = kwargs.get("device")
            if (
                device is not None
                and torch.device(device).type == "cpu"
                and not kwargs.get("non_blocking", False)
                and self.is_device(args[0])
            ):
                return "to"
        return None

    def _device_mask(self, index: Any) -> bool:
        return isinstance(index, torch.Tensor) and index.dtype in _MASK_DTYPES and self.is_device(index)

    def _index_put_syncs(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        indices = [i for i in args[1] if i is not None]
        if not any(self._device_mask(i) for i in indices):
            return False
        values = args[2] if len(args) > 2 else kwargs["values"]
        accumulate = bool(args[3] if len(args) > 3 else kwargs.get("accumulate", False))
        # CUDA turns `t[mask] = <one host value>` into masked_fill_, which does not sync.
        masked_fill = (
            not accumulate
            and len(indices) == 1
            and isinstance(values, torch.Tensor)
            and values.numel() == 1
            and self.is_host(values)
        )
        return not masked_fill


def _parse_to(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """torch's parse of `.to()`'s arguments (device, dtype, non_blocking, memory_format);
    it refuses `copy`, which `.to()` itself takes (by keyword, or last by position)."""
    kwargs = {key: value for key, value in kwargs.items() if key != "copy"}
    try:
        return tuple(torch._C._nn._parse_to(*args, **kwargs))
    except RuntimeError:
        if args and isinstance(args[-1], bool):
            return tuple(torch._C._nn._parse_to(*args[:-1], **kwargs))
        raise


_CPU_LITERAL = re.compile(r"""["']cpu(?::\d+)?["']""")


def _names_the_cpu(arguments: tuple[Any, ...]) -> bool:
    """Whether the user's call being run spells the CPU as a literal (`.to("cpu")`).

    Reads the source of the call expression (Python 3.11+ knows its exact span; earlier
    versions give the line). Without readable source (code run from a string) the move
    counts as a read when it is given the CPU as a string; a `torch.device` object, as in
    `.to(tensors[0].device)`, says where the program chose to put it, not a read.
    """
    file, line, function = user_frame()
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and not (
        frame.f_lineno == line and frame.f_code.co_filename == file and frame.f_code.co_name == function
    ):
        frame = frame.f_back
    text = _call_source(frame) if frame is not None else None
    if text is None:
        return any(isinstance(a, str) for a in arguments)
    return _CPU_LITERAL.search(text) is not None


def _call_source(frame: FrameType) -> str | None:
    filename, lineno = frame.f_code.co_filename, frame.f_lineno
    start, end, col, end_col = lineno, lineno, None, None
    positions = getattr(frame.f_code, "co_positions", None)
    if positions is not None and frame.f_lasti >= 0:
        for i, pos in enumerate(positions()):
            if i == frame.f_lasti // 2:
                if pos[0] is not None and pos[1] is not None:
                    start, end, col, end_col = pos
                break
    lines = [linecache.getline(filename, n) for n in range(start, end + 1)]
    if not any(lines):
        return None
    if col is not None and end_col is not None:
        lines[-1] = lines[-1][:end_col]
        lines[0] = lines[0][col:]
    return "".join(lines)


class HarnessDispatchMode(TorchDispatchMode):  # type: ignore[no-untyped-call]  # untyped in torch
    """One per thread: sees every aten op for the emulator and the memory tracker."""

    def __init__(self, state: ThreadState) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.state = state

    def __torch_dispatch__(
        self,
        func: Any,
        types: Any,
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        kwargs = kwargs or {}
        emulator: Emulator | None = self.state.emulator
        if emulator is not None and emulator.active:
            out = emulator.on_dispatch(func, args, kwargs)
        else:
            out = func(*args, **kwargs)
        memory = self.state.memory
        if memory is not None:
            memory.on_outputs(args, kwargs, out)
        return out


def acquire_dispatch_mode(state: ThreadState) -> None:
    """Install this thread's dispatch mode (once, however many regions use it)."""
    if state.dispatch_users == 0:
        mode: Any = HarnessDispatchMode(state)  # torch leaves mode __enter__ untyped
        mode.__enter__()
        state.dispatch_mode = mode
    state.dispatch_users += 1


def release_dispatch_mode(state: ThreadState) -> None:
    state.dispatch_users -= 1
    if state.dispatch_users == 0:
        mode, state.dispatch_mode = state.dispatch_mode, None
        mode.__exit__(None, None, None)


@contextmanager
def _emulating(state: ThreadState, emulator: Emulator) -> Iterator[None]:
    """Report this thread's tensor ops to `emulator` while the block runs."""
    state.emulators.append(emulator)
    try:
        with ExitStack() as stack:
            acquire_function_mode(state)
            stack.callback(release_function_mode, state)
            acquire_dispatch_mode(state)
            stack.callback(release_dispatch_mode, state)
            yield
    finally:
        # By identity, from the end: regions may be left out of order.
        for i in range(len(state.emulators) - 1, -1, -1):
            if state.emulators[i] is emulator:
                del state.emulators[i]
                break


@contextmanager
def emulated_syncs(report: SyncReport, whole_program: bool, all_threads: bool) -> Iterator[SyncReport]:
    """Count into `report`; nested regions share the outermost open region's emulator."""
    state = thread_state()
    current: Emulator | None = state.emulator
    emulator = current if current is not None and current.active else Emulator(whole_program)
    emulator.regions += 1
    region = SyncRegion(report, threading.get_ident(), all_threads)
    try:
        with ExitStack() as stack:
            stack.enter_context(_emulating(state, emulator))
            add_region(region)
            stack.callback(remove_region, region)
            if all_threads:
                stack.enter_context(_spreading_to_new_threads(emulator))
            yield report
    finally:
        emulator.regions -= 1


# Threads started inside a `threads="all"` region report to its emulator: torch's modes are
# thread-local, so each new thread installs its own. Threads already running are not seen.
_spreading: list[Emulator] = []
_spreading_lock = threading.Lock()
_original_start: Callable[[threading.Thread], None] | None = None


@contextmanager
def _spreading_to_new_threads(emulator: Emulator) -> Iterator[None]:
    global _original_start
    with _spreading_lock:
        _spreading.append(emulator)
        if _original_start is None:
            _original_start = threading.Thread.start
            threading.Thread.start = _start_emulated  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        with _spreading_lock:
            for i, active in enumerate(_spreading):
                if active is emulator:
                    del _spreading[i]
                    break
            if not _spreading and _original_start is not None:
                threading.Thread.start = _original_start  # type: ignore[method-assign,assignment]
                _original_start = None


def _start_emulated(thread: threading.Thread) -> None:
    with _spreading_lock:
        emulator = _spreading[-1] if _spreading else None
        start = _original_start
    if emulator is not None:
        run = thread.run

        def emulated_run() -> None:
            with _emulating(thread_state(), emulator):
                run()

        thread.run = emulated_run  # type: ignore[method-assign]
    assert start is not None
    start(thread)
