"""Fixtures for the runtime harness tests."""

from __future__ import annotations

try:
    import torch
except ImportError:  # the tests skip themselves
    torch = None

if torch is not None:
    # The first op under a torch mode imports torch._dynamo; do it before pytester
    # snapshots sys.modules, or the in-process runs would import torch pieces twice.
    from synclint.runtime import count_syncs, track_memory

    with track_memory(backend="emulated"), count_syncs(backend="emulated"):
        torch.ones(2).sum().tolist()
