"""Runtime harness: count host syncs and track temporary memory, on CUDA or emulated.

torch is imported only when a function here is called, so `import synclint` never needs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Literal

from synclint.runtime.events import MemoryReport, SyncEvent, SyncReport

if TYPE_CHECKING:
    import torch

__all__ = [
    "Backend",
    "MemoryReport",
    "SyncEvent",
    "SyncReport",
    "count_syncs",
    "mark_host",
    "track_memory",
]

Backend = Literal["auto", "cuda", "emulated"]
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


@contextmanager
def count_syncs(backend: Backend = "auto", *, whole_program: bool = False) -> Iterator[SyncReport]:
    """Count host syncs in the region; the report fills in as the region runs.

    "auto" uses CUDA's sync debug mode when CUDA is available, else the emulator. The
    emulator treats tensors that existed before the region as device tensors and those made
    on the host inside it as host tensors; `whole_program=True` treats every tensor as a
    device tensor unless it came from a host conversion (for scripts written for the GPU).
    Only the thread that entered the region is counted. Nested regions count in both, and
    share the outermost region's backend state (its `whole_program` setting included).
    """
    chosen = _resolve(backend)
    report = SyncReport(backend=chosen)
    if chosen == "cuda":
        from synclint.runtime.cuda import cuda_syncs

        with cuda_syncs(report):
            yield report
    else:
        from synclint.runtime.emulated import emulated_syncs

        with emulated_syncs(report, whole_program):
            yield report


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
    """Declare a tensor made before an emulated region as host data; returns it."""
    _require_torch()
    from synclint.runtime.storages import mark_host as _mark

    return _mark(t)
