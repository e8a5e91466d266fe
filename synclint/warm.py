"""Warm runs that read no source: a manifest of what the last run saw.

A run with a results cache writes, next to the results, one manifest per set of checked
files and settings: each checked file's size, mtime and inode with the key of its cached
result, and the same for every file the whole-program index read (and their
directories, whose mtime changes when a file is added, removed or renamed there). The
next run stats those paths; when every one is as recorded, each file's result is loaded
by its recorded key, without reading or hashing a source and without building the
model (whose views would be the same: it reads nothing else).

Like ruff's cache and git's index, this trusts a file whose size, mtime and inode did
not change to be unchanged. A file modified less than `RACY_NS` before the run started
is not recorded (git's "racily clean" entries: a second edit within the filesystem's
mtime granularity would not show), so the next run reads it again; the manifest then
serves from the run after.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from synclint.cache import ResultCache
    from synclint.config import Settings
    from synclint.diagnostics import FileResult

#: Part of every manifest's name: bumped when its layout changes.
MANIFEST_FORMAT = 1
#: Files modified this close to the run's start are read again next time.
RACY_NS = 2_000_000_000

Stat = tuple[int, int, int]  # size, mtime_ns, inode


def now_ns() -> int:
    """The clock a run's start is measured with (the filesystem's mtimes)."""
    return time.time_ns()


def _stat(path: str) -> Stat | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_size, found.st_mtime_ns, found.st_ino


def _manifest_file(cache: ResultCache, settings: Settings, paths: Sequence[str]) -> Path:
    from synclint.cache import code_fingerprint

    digest = hashlib.sha256()
    for part in (str(MANIFEST_FORMAT), code_fingerprint(), settings.fingerprint(),
                 os.getcwd(), *paths):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return cache.directory / "warm" / f"{digest.hexdigest()}.json"


def cached_results(cache: ResultCache, settings: Settings,
                   paths: Sequence[str]) -> list[FileResult] | None:
    """Every path's result as the last run of these paths and settings left it, when no
    file that run read changed since; else None (and the caller runs as usual)."""
    try:
        with open(_manifest_file(cache, settings, paths), encoding="utf-8") as handle:
            manifest = json.load(handle)
        files = manifest["files"]
        others = manifest["others"]
        if [row[0] for row in files] != list(paths):
            return None
        for row in (*files, *others):
            if _stat(row[0]) != tuple(row[1:4]):
                return None
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None
    results = []
    for row in files:
        result = cache.load(row[4])
        if result is None:
            return None
        results.append(result)
    return results


def record(cache: ResultCache, settings: Settings, paths: Sequence[str],
           keys: dict[str, str], sources: Iterable[str], started_ns: int) -> None:
    """Write the manifest of a run that started at `started_ns`, checked `paths` (the
    result of each cached under `keys[path]`) and read `sources` for its model. Nothing
    is written when a path has no cached result (a notebook, an unreadable file) or
    changed too recently to be trusted; a manifest that cannot be written is skipped."""
    limit = started_ns - RACY_NS
    files: list[list[object]] = []
    for path in paths:
        stat = _stat(path)
        key = keys.get(path)
        if stat is None or key is None or stat[1] >= limit:
            return
        files.append([path, *stat, key])
    others: list[list[object]] = []
    checked = set(paths)
    extra = sorted(set(sources) - checked)
    directories = sorted({os.path.dirname(p) or "." for p in (*paths, *extra)})
    for path in (*extra, *directories):
        stat = _stat(path)
        if stat is None or stat[1] >= limit:
            return
        others.append([path, *stat])
    target = _manifest_file(cache, settings, paths)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump({"files": files, "others": others}, stream, separators=(",", ":"))
        os.replace(temporary, target)
    except OSError:
        return
