"""On-disk cache of per-file lint results, keyed by content, synclint's code and settings.

Entries are small JSON files written atomically (temporary file + `os.replace`), so two
runs sharing a directory never see half an entry; an unreadable entry is a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from synclint import __version__
from synclint.diagnostics import (
    Applicability,
    Diagnostic,
    Edit,
    FileError,
    FileResult,
    Fix,
    Location,
    Related,
)

CACHE_DIR_NAME = ".synclint_cache"
#: Bumped whenever the entry layout changes; part of every key.
FORMAT_VERSION = 4
_CODE_FINGERPRINT: str | None = None


def code_fingerprint() -> str:
    """synclint's version plus the size and mtime of its own sources.

    The version alone would let an edited rule (in a checkout) serve results of the old
    rule; statting ~60 files once per process is far cheaper than one stale answer.
    """
    global _CODE_FINGERPRINT
    if _CODE_FINGERPRINT is None:
        package = Path(__file__).resolve().parent
        from synclint.torch_version import installed_torch

        # The installed torch decides which findings break a compiled graph.
        parts = [__version__, str(FORMAT_VERSION), f"torch {installed_torch()}"]
        for path in sorted(package.rglob("*.py")):
            try:
                stat = path.stat()
            except OSError:
                continue
            parts.append(f"{path.relative_to(package)}:{stat.st_size}:{stat.st_mtime_ns}")
        _CODE_FINGERPRINT = hashlib.sha256("\n".join(parts).encode()).hexdigest()
    return _CODE_FINGERPRINT


@dataclass(frozen=True)
class ResultCache:
    """A cache directory; cheap to pickle, so workers get the same one."""

    directory: Path

    def key(self, text: str, filename: str, fingerprint: str, codes: Iterable[str]) -> str:
        """The entry name for one file's text linted under one configuration."""
        digest = hashlib.sha256()
        header = "\0".join((code_fingerprint(), fingerprint, ",".join(sorted(codes)), filename))
        digest.update(header.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
        digest.update(text.encode("utf-8", "surrogatepass"))
        return digest.hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key[2:]}.json"

    def load(self, key: str) -> FileResult | None:
        """The cached result, or None when absent, unreadable or not ours."""
        try:
            with open(self._path(key), encoding="utf-8") as handle:
                data = json.load(handle)
            if data.get("key") != key:
                return None
            return result_from_json(data["result"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def store(self, key: str, result: FileResult) -> bool:
        """Write one entry atomically; failures (read-only disk, races) are ignored.
        Whether the entry was written."""
        if result.errors:  # unreadable files and internal errors are retried next time
            return False
        try:
            self._ensure_directory()
            shard = self._path(key).parent
            shard.mkdir(exist_ok=True)
            payload = json.dumps({"key": key, "result": result_to_json(result)},
                                 separators=(",", ":"))
            descriptor, temporary = tempfile.mkstemp(dir=shard, prefix=".tmp-", suffix=".json")
            try:
                with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                    handle.write(payload)
                os.replace(temporary, self._path(key))
            except BaseException:
                _remove(temporary)
                raise
        except OSError:
            return False
        return True

    def _ensure_directory(self) -> None:
        if (self.directory / ".gitignore").is_file():
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=self.directory, prefix=".tmp-")
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write("# Created by synclint automatically.\n*\n")
        os.replace(temporary, self.directory / ".gitignore")


def default_cache_dir(root: Path) -> Path:
    return root / CACHE_DIR_NAME


def clear(directory: Path) -> bool:
    """Remove a cache directory; True if there was one. Refuses anything that is not one."""
    import shutil

    if not directory.is_dir():
        return False
    if not (directory / ".gitignore").is_file() and any(directory.iterdir()):
        raise OSError(f"{directory} does not look like a synclint cache; not removing it")
    shutil.rmtree(directory)
    return True


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


# -- JSON (not pickle: an entry from anywhere must never run code) ----------------------
def result_to_json(result: FileResult) -> dict[str, Any]:
    return {
        "filename": result.filename,
        "diagnostics": [
            {**d.to_json(), "confidence": d.confidence} for d in result.diagnostics
        ],
        "errors": [
            {"filename": e.filename, "message": e.message, "internal": e.internal}
            for e in result.errors
        ],
        "skipped": result.skipped,
        "hidden": [[tier, n] for tier, n in result.hidden],
    }


def result_from_json(data: dict[str, Any]) -> FileResult:
    diagnostics = tuple(_diagnostic(d) for d in data["diagnostics"])
    errors = tuple(
        FileError(str(e["filename"]), str(e["message"]), bool(e["internal"]))
        for e in data["errors"]
    )
    hidden = tuple((str(tier), int(n)) for tier, n in data.get("hidden", ()))
    return FileResult(str(data["filename"]), diagnostics, errors, bool(data["skipped"]),
                      hidden)


def _location(data: dict[str, Any]) -> Location:
    return Location(int(data["row"]), int(data["column"]))


def _diagnostic(data: dict[str, Any]) -> Diagnostic:
    fix = data["fix"]
    return Diagnostic(
        str(data["code"]),
        str(data["message"]),
        str(data["filename"]),
        _location(data["location"]),
        _location(data["end_location"]),
        None if fix is None else Fix(
            Applicability(fix["applicability"]),
            str(fix["message"]),
            tuple(Edit(str(e["content"]), _location(e["location"]),
                       _location(e["end_location"])) for e in fix["edits"]),
        ),
        str(data.get("confidence", "high")),
        data.get("help"),
        tuple(Related(str(r["filename"]), _location(r["location"]), str(r["message"]),
                      None if r.get("cell") is None else int(r["cell"]))
              for r in data.get("related", ())),
        cell=None if data.get("cell") is None else int(data["cell"]),
        graph_break=None if data.get("graph_break") is None else bool(data["graph_break"]),
        graph_break_flag=None if data.get("graph_break_flag") is None
        else str(data["graph_break_flag"]),
    )
