"""Where the whole-program index's entries live between runs (`index_cache.py`): a
folder of the results cache directory, or memory for a process that re-indexes."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: Bumped whenever the entry layout changes; part of every key.
INDEX_FORMAT = 16
INDEX_DIR_NAME = "index"


@dataclass(frozen=True)
class IndexStore:
    """Where index entries live: a folder of the results cache directory."""

    directory: Path

    def key(self, checked: Iterable[str]) -> str:
        from synclint.cache import code_fingerprint

        digest = hashlib.sha256()
        digest.update(f"{code_fingerprint()}\0{INDEX_FORMAT}".encode())
        for name in checked:
            digest.update(b"\0")
            digest.update(name.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / INDEX_DIR_NAME / key[:2] / f"{key[2:]}.json"

    def load(self, key: str) -> dict[str, Any] | None:
        """The entry, or None when absent, unreadable or not ours."""
        try:
            with open(self._path(key), encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        return data

    def store(self, key: str, data: dict[str, Any]) -> None:
        """Write one entry atomically; failures (read-only disk, races) are ignored."""
        from synclint.cache import ResultCache, _remove

        try:
            ResultCache(self.directory)._ensure_directory()
            target = self._path(key)
            target.parent.mkdir(parents=True, exist_ok=True)
            payload = json.dumps(data, separators=(",", ":"))
            descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-",
                                                     suffix=".json")
            try:
                with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                    handle.write(payload)
                os.replace(temporary, target)
            except BaseException:
                _remove(temporary)
                raise
        except OSError:
            return


class MemoryIndexStore:
    """An `IndexStore` kept in memory, for one process that rebuilds the index after
    each edit (`--no-cache`, a language server's unsaved buffers): only the last entry
    is kept. A first load may come from a store on disk (`below`), never written."""

    def __init__(self, below: IndexStore | None = None) -> None:
        self._entry: tuple[str, dict[str, Any]] | None = None
        self._below = below

    def key(self, checked: Iterable[str]) -> str:
        if self._below is not None:
            return self._below.key(checked)
        digest = hashlib.sha256(str(INDEX_FORMAT).encode())
        for name in checked:
            digest.update(b"\0")
            digest.update(name.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def load(self, key: str) -> dict[str, Any] | None:
        if self._entry is not None and self._entry[0] == key:
            return self._entry[1]
        return self._below.load(key) if self._below is not None else None

    def store(self, key: str, data: dict[str, Any]) -> None:
        # What the index reads back from JSON: tuples as lists, and no shared state.
        self._entry = (key, json.loads(json.dumps(data, separators=(",", ":"))))
