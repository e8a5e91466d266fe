"""Emulated sync counting: on any device, count what would force a host sync on CUDA.

A storage is a device storage unless it is known to hold host data: made inside the region
from no device input (in region mode), returned by a host conversion (`.cpu()`, `.numpy()`,
...), or declared with `mark_host`. Only the thread that entered the region is counted:
dispatch and function modes are thread-local, and other threads' events are dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode, _disable_current_modes

from synclint.runtime.events import SyncReport
from synclint.runtime.recording import API_KINDS, ApiCall, ApiCallMode, Recorder
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


class Emulator(Recorder):
    """The per-thread emulation state shared by nested regions."""

    def __init__(self, whole_program: bool) -> None:
        super().__init__()
        self.whole_program = whole_program
        self.host = HostSet()
        # torch leaves the mode classes untyped; Any keeps mypy --strict quiet about it.
        self._function_mode: Any = EmulatedApiMode(self)
        self._dispatch_mode: Any = EmulatedDispatchMode(self)

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

    def start(self) -> None:
        self.patch_synchronize(call_original=torch.cuda.is_available())
        self._function_mode.__enter__()
        try:
            self._dispatch_mode.__enter__()
        except BaseException:
            self._function_mode.__exit__(None, None, None)
            self.unpatch_synchronize()
            raise

    def stop(self) -> None:
        try:
            self._dispatch_mode.__exit__(None, None, None)
        finally:
            try:
                self._function_mode.__exit__(None, None, None)
            finally:
                self.unpatch_synchronize()


class EmulatedApiMode(ApiCallMode):
    """Host reads that never reach the dispatcher on CPU, and host-tagging of their results."""

    def __init__(self, emulator: Emulator) -> None:
        super().__init__(emulator)
        self.emulator = emulator

    def handle(
        self, func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        em = self.emulator
        name = self.recorder.calls[-1].name
        self_t = args[0] if args and isinstance(args[0], torch.Tensor) else None
        if self_t is not None and name in ("cpu", "to"):
            return self._to_host(func, name, self_t, args, kwargs)
        if self_t is not None and name in ("numpy", "__array__"):
            if em.is_device(self_t):
                self._sync_here(name, f"Tensor.{name}")
                return func(em.host_copy(self_t), *args[1:], **kwargs)
            return func(*args, **kwargs)
        if self_t is not None and name in _HOST_READS and em.is_device(self_t):
            self._sync_here(name, f"Tensor.{name}")
        result = func(*args, **kwargs)
        if (
            em.whole_program
            and name in ("tensor", "as_tensor")
            and kwargs.get("device") is not None
            and isinstance(result, torch.Tensor)
        ):
            em.host.discard(result)  # written for the GPU: `torch.tensor(x, device=dev)`
        return result

    def _sync_here(self, name: str, op: str) -> None:
        call: ApiCall = self.recorder.calls[-1]
        call.synced = True
        self.recorder.record(API_KINDS.get(name, name), op)

    def _to_host(
        self,
        func: Callable[..., Any],
        name: str,
        self_t: torch.Tensor,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
    ) -> Any:
        em = self.emulator
        non_blocking = bool(kwargs.get("non_blocking", False))
        if name == "to":
            other = args[1] if len(args) > 1 else kwargs.get("other")
            if isinstance(other, torch.Tensor):
                to_host = em.is_host(other)
            else:
                device, _, non_blocking, _ = torch._C._nn._parse_to(*args[1:], **kwargs)
                to_host = device is not None and device.type == "cpu"
        else:
            to_host = True
        result = func(*args, **kwargs)
        if not to_host or not isinstance(result, torch.Tensor) or em.is_host(self_t):
            return result
        if not non_blocking:
            # A non-blocking copy to pinned memory does not wait: no sync on CUDA either.
            self._sync_here(name, f"Tensor.{name}")
        if storage_key(result) == storage_key(self_t):
            return em.host_copy(result)  # CPU returned self: tag a copy, never the original
        em.host.add(result)
        return result


class EmulatedDispatchMode(TorchDispatchMode):  # type: ignore[no-untyped-call]  # untyped in torch
    """Sees every aten op: counts the syncing ones and propagates host/device status."""

    def __init__(self, emulator: Emulator) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.emulator = emulator

    def __torch_dispatch__(
        self,
        func: Any,
        types: Any,
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        kwargs = kwargs or {}
        em = self.emulator
        name: str = func._overloadpacket.__name__
        kind = self._sync_kind(name, args, kwargs)
        if kind is not None:
            em.record_in_call(kind, str(func))
        out = func(*args, **kwargs)
        if self._output_is_host(name, args, kwargs):
            for t in output_tensors(out):
                em.host.add(t)
        return out

    def _output_is_host(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        em = self.emulator
        if name in _FRESH:
            return True  # `torch.tensor(data)`: host data, whatever mode
        if em.whole_program and len(em.host) == 0 and len(MARKED_HOST) == 0:
            return False  # fast path: nothing is host yet
        seen_any = False
        for t in iter_tensors(args, kwargs):
            seen_any = True
            if em.is_device(t):
                return False
        return seen_any or not em.whole_program

    def _sync_kind(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
        em = self.emulator
        if name in _ALWAYS_SYNC:
            if any(em.is_device(t) for t in iter_tensors(args, kwargs)):
                return _ALWAYS_SYNC[name]
            return None
        if name == "repeat_interleave":
            repeats = args[0]
            if (
                isinstance(repeats, torch.Tensor)
                and kwargs.get("output_size") is None
                and em.is_device(repeats)
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
            if em.is_host(dst) and em.is_device(src) and not non_blocking:
                return "copy"
            return None
        if name == "_to_copy":
            device = kwargs.get("device")
            if (
                device is not None
                and torch.device(device).type == "cpu"
                and not kwargs.get("non_blocking", False)
                and em.is_device(args[0])
            ):
                return "to"
        return None

    def _device_mask(self, index: Any) -> bool:
        return (
            isinstance(index, torch.Tensor)
            and index.dtype in _MASK_DTYPES
            and self.emulator.is_device(index)
        )

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
            and self.emulator.is_host(values)
        )
        return not masked_fill


_local = threading.local()


@contextmanager
def emulated_syncs(report: SyncReport, whole_program: bool) -> Iterator[SyncReport]:
    """Count into `report`; nested regions share the outermost region's emulator and mode."""
    emulator: Emulator | None = getattr(_local, "emulator", None)
    owner = emulator is None
    if emulator is None:
        emulator = Emulator(whole_program)
        emulator.start()
        _local.emulator = emulator
    emulator.reports.append(report)
    try:
        yield report
    finally:
        emulator.reports.remove(report)
        if owner:
            _local.emulator = None
            emulator.stop()
