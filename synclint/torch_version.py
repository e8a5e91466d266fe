"""The installed torch's version, read without importing torch or the knowledge tables
(a warm run needs it for the cache key, and nothing else of either)."""

from __future__ import annotations

import functools
import os
import sys

Version = tuple[int, int]


def parse_version(text: str) -> Version | None:
    """(major, minor) of a version string such as `2.13.0+cpu`, or None."""
    parts = text.split("+", 1)[0].split(".")
    try:
        return int(parts[0]), int(parts[1])
    except (IndexError, ValueError):
        return None


@functools.lru_cache(maxsize=1)
def installed_torch() -> Version | None:
    """The installed torch's (major, minor), or None when torch is not installed: from the
    name of its `torch-X.Y.Z.dist-info` folder on `sys.path` (one directory listing per
    path entry), else from `importlib.metadata` (which costs a tenth of a warm run)."""
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        if "torch" not in names:
            continue
        for name in names:
            if name.startswith("torch-") and name.endswith(".dist-info"):
                return parse_version(name[len("torch-"):-len(".dist-info")])
        break  # torch here without its metadata folder: ask importlib
    from importlib import metadata

    try:
        return parse_version(metadata.version("torch"))
    except metadata.PackageNotFoundError:
        return None
