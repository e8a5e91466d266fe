"""What both sync backends share: the active reports, the API-call stack and dedupe."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
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


class Recorder:
    """Appends sync events to every active report, one per outermost API call."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()
        self.reports: list[SyncReport] = []
        self.calls: list[ApiCall] = []
        self._original_synchronize: Callable[..., None] | None = None

    def record(self, kind: str, op: str) -> None:
        if threading.get_ident() != self.thread:
            return  # documented: only the thread that entered the region counts
        file, line, function = user_frame()
        event = SyncEvent(kind=kind, op=op, file=file, line=line, function=function,
                          stack=user_stack())
        for report in self.reports:
            report.events.append(event)

    def record_in_call(self, fallback_kind: str, op: str) -> None:
        """Record a sync seen below the Python API (dispatcher, warning), deduped per call."""
        if self.calls:
            call = self.calls[-1]
            if call.synced:
                return
            call.synced = True
            self.record(API_KINDS.get(call.name, call.name), op)
        else:
            self.record(fallback_kind, op)

    def patch_synchronize(self, call_original: bool) -> None:
        """Count `torch.cuda.synchronize()`, which neither the dispatcher nor the debug mode sees."""
        original = torch.cuda.synchronize
        self._original_synchronize = original

        def synchronize(device: Any = None) -> None:
            self.record("synchronize", "torch.cuda.synchronize")
            if call_original:
                # The sync debug mode must not count this call a second time.
                self.calls.append(ApiCall("synchronize", synced=True))
                try:
                    original(device)
                finally:
                    self.calls.pop()

        torch.cuda.synchronize = synchronize

    def unpatch_synchronize(self) -> None:
        if self._original_synchronize is not None:
            torch.cuda.synchronize = self._original_synchronize
            self._original_synchronize = None


class ApiCallMode(TorchFunctionMode):
    """Tracks the outermost torch API call so that one logical sync counts once.

    torch disables this mode while its handler runs, so nested torch calls are not seen.
    """

    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder

    def __torch_function__(
        self,
        func: Callable[..., Any],
        types: Any,
        args: tuple[Any, ...] = (),
        kwargs: dict[str, Any] | None = None,
    ) -> Any:
        kwargs = kwargs or {}
        calls = self.recorder.calls
        calls.append(ApiCall(getattr(func, "__name__", "")))
        try:
            return self.handle(func, args, kwargs)
        finally:
            calls.pop()

    def handle(
        self, func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        return func(*args, **kwargs)
