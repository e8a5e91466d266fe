"""Storage identity for the emulator: which storages hold host data, tracked weakly."""

from __future__ import annotations

import threading
import weakref

import torch


def storage_key(t: torch.Tensor) -> int:
    """Address of the tensor's storage data; 0 when it has none (empty, meta, subclass)."""
    try:
        return int(t.untyped_storage().data_ptr())
    except (RuntimeError, NotImplementedError, TypeError):
        return 0


class HostSet:
    """Storages known to hold host data, forgotten when the storage dies.

    Keyed by data address rather than storage object so that `torch.from_numpy(t.numpy())`
    (a new storage over the same buffer) keeps the host tag.
    """

    def __init__(self) -> None:
        self._tokens: dict[int, object] = {}
        self._lock = threading.Lock()

    def __contains__(self, key: int) -> bool:
        return key in self._tokens

    def __len__(self) -> int:
        return len(self._tokens)

    def add(self, t: torch.Tensor) -> None:
        try:
            storage = t.untyped_storage()
        except (RuntimeError, NotImplementedError, TypeError):
            return
        key = int(storage.data_ptr())
        if key == 0 or key in self._tokens:
            return
        token = object()
        with self._lock:
            self._tokens[key] = token
        weakref.finalize(storage, self._forget, key, token)

    def discard(self, t: torch.Tensor) -> None:
        with self._lock:
            self._tokens.pop(storage_key(t), None)

    def _forget(self, key: int, token: object) -> None:
        # The address may already belong to a newer storage: only drop our own entry.
        with self._lock:
            if self._tokens.get(key) is token:
                del self._tokens[key]


MARKED_HOST = HostSet()


def mark_host(t: torch.Tensor) -> torch.Tensor:
    """Declare an existing tensor (and its views) as host data for the emulator."""
    MARKED_HOST.add(t)
    return t
