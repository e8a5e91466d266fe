"""A runtime sync profile as data: the sites `synclint profile` writes and `check --runtime` reads.

No torch here: `check --runtime` reads a profile on machines without the runtime extra.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

#: The rule a static finding at a sync site would carry, by the harness's sync kind.
#: Host reads (SYN101) are the default: every other sync also reads device data.
_CODE_BY_KIND: dict[str, str] = {
    "bool": "SYN102",
    "contains": "SYN102",
    "any": "SYN102",
    "all": "SYN102",
    "synchronize": "SYN103",
    "nonzero": "SYN104",
    "argwhere": "SYN104",
    "where": "SYN104",
    "masked_select": "SYN104",
    "unique": "SYN104",
    "unique_consecutive": "SYN104",
    "repeat_interleave": "SYN104",
    "getitem": "SYN104",  # boolean-mask indexing `t[mask]`
    "setitem": "SYN104",  # `t[mask] = values`
    "bincount": "SYN104",
}
#: The aten ops behind a kind the table above does not know (a sync inside a torch call).
_CODE_BY_OP: tuple[tuple[str, str], ...] = (
    ("nonzero", "SYN104"),
    ("masked_select", "SYN104"),
    ("unique", "SYN104"),
    ("repeat_interleave", "SYN104"),
    ("bincount", "SYN104"),
    ("index", "SYN104"),
)
HOST_READ = "SYN101"
#: The backend of a `profile --compile` run: Dynamo's graph breaks, no sync counts.
DYNAMO = "dynamo"


def code_for_kind(kind: str, op: str = "") -> str:
    """The rule code of a sync of `kind` (the harness's name) made by aten `op`."""
    if kind in _CODE_BY_KIND:
        return _CODE_BY_KIND[kind]
    name = op.split(".")[1] if op.startswith("aten.") and op.count(".") >= 1 else ""
    for prefix, code in _CODE_BY_OP:
        if name.startswith(prefix):
            return code
    return HOST_READ


class ProfileError(Exception):
    """A profile file that cannot be read: missing, not JSON, or not a synclint profile."""


@dataclass(frozen=True)
class Frame:
    """One user frame of a sync's call stack."""

    file: str
    line: int
    function: str

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "function": self.function}


@dataclass(frozen=True)
class Site:
    """Where syncs happened: the innermost user frame, with its callers, kind and count."""

    file: str
    line: int
    function: str
    kind: str
    count: int
    code: str
    #: Whether `synclint check` reports this site (a finding covers it).
    static: bool
    #: The user call stack, innermost first; `stack[0]` is (file, line, function).
    stack: tuple[Frame, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file, "line": self.line, "function": self.function,
            "kind": self.kind, "count": self.count, "code": self.code,
            "static": self.static, "stack": [frame.to_json() for frame in self.stack],
        }


@dataclass(frozen=True)
class BreakSite:
    """A graph break Dynamo made (`synclint profile --compile`), at its innermost user
    frame: how often Dynamo logged it (once per compilation of its frame), its reason,
    and the rule of the finding that predicts it (SYN499 when none does)."""

    file: str
    line: int
    function: str
    reason: str
    count: int
    code: str
    #: Whether a finding of `synclint check` with `"graph_break": true` covers it.
    static: bool
    stack: tuple[Frame, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file, "line": self.line, "function": self.function,
            "reason": self.reason, "count": self.count, "code": self.code,
            "static": self.static, "stack": [frame.to_json() for frame in self.stack],
        }


@dataclass(frozen=True)
class Profile:
    """Every sync site of one run (and, from `profile --compile`, every graph break)."""

    total: int
    backend: str
    sites: tuple[Site, ...]
    graph_breaks: tuple[BreakSite, ...] = ()
    #: SHA-256 of each file of the sites' stacks when the profile was taken (file as shown
    #: -> hex digest), so that `check --runtime` notices a file edited since.
    files: dict[str, str] = field(default_factory=dict, hash=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"total": self.total, "backend": self.backend,
                                "sites": [site.to_json() for site in self.sites]}
        if self.graph_breaks or self.backend == DYNAMO:
            data["graph_breaks"] = [site.to_json() for site in self.graph_breaks]
        data["files"] = dict(self.files)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2) + "\n"


def load_profile(path: str) -> Profile:
    """Read a profile written by `synclint profile --output-format json`; ProfileError if bad."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except FileNotFoundError:
        raise ProfileError(f"{path}: no such profile file") from None
    except OSError as error:
        raise ProfileError(f"{path}: cannot read the profile: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ProfileError(f"{path}: not a JSON profile ({error})") from None
    try:
        return parse_profile(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ProfileError(
            f"{path}: not a synclint profile ({error}); write one with "
            "`synclint profile --output-format json -o FILE SCRIPT`") from None


def parse_profile(data: Any) -> Profile:
    """A Profile from decoded JSON; KeyError, TypeError or ValueError when it is not one."""
    if not isinstance(data, dict):
        raise TypeError("expected an object with 'total', 'backend' and 'sites'")
    sites = []
    for raw in _list(data["sites"], "sites"):
        if not isinstance(raw, dict):
            raise TypeError("each site must be an object")
        stack = _stack(raw)
        site = Site(
            file=_str(raw["file"], "file"), line=_int(raw["line"], "line"),
            function=_str(raw["function"], "function"), kind=_str(raw["kind"], "kind"),
            count=_int(raw["count"], "count"),
            code=_str(raw.get("code") or code_for_kind(raw["kind"]), "code"),
            static=bool(raw.get("static", False)),
            stack=stack or (Frame(raw["file"], raw["line"], raw["function"]),),
        )
        sites.append(site)
    breaks = []
    for raw in _list(data.get("graph_breaks", []), "graph_breaks"):
        if not isinstance(raw, dict):
            raise TypeError("each graph break must be an object")
        stack = _stack(raw)
        breaks.append(BreakSite(
            file=_str(raw["file"], "file"), line=_int(raw["line"], "line"),
            function=_str(raw.get("function", ""), "function"),
            reason=_str(raw.get("reason", ""), "reason"), count=_int(raw["count"], "count"),
            code=_str(raw.get("code", "SYN499"), "code"), static=bool(raw.get("static", False)),
            stack=stack or (Frame(raw["file"], raw["line"], raw.get("function", "")),)))
    files = data.get("files", {})
    if not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        raise TypeError("'files' must map file names to SHA-256 digests")
    return Profile(total=_int(data["total"], "total"), backend=_str(data["backend"], "backend"),
                   sites=tuple(sites), graph_breaks=tuple(breaks), files=dict(files))


def _stack(raw: dict[str, Any]) -> tuple[Frame, ...]:
    return tuple(
        Frame(_str(f["file"], "file"), _int(f["line"], "line"), _str(f["function"], "function"))
        for f in _list(raw.get("stack", []), "stack") if isinstance(f, dict)
    )


def _list(value: Any, key: str) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"'{key}' must be a list")
    return value


def _str(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"'{key}' must be a string")
    return value


def _int(value: Any, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TypeError(f"'{key}' must be a non-negative integer")
    return value


def same_file(a: str, b: str) -> bool:
    """Whether two paths (relative to the current directory, or absolute) name one file."""
    return a == b or os.path.realpath(a) == os.path.realpath(b)


def files_of(sites: Iterable[Site]) -> list[str]:
    """Every file named in the sites' stacks, in order of first appearance."""
    seen: dict[str, None] = {}
    for site in sites:
        for frame in site.stack:
            seen.setdefault(frame.file, None)
    return list(seen)


def by_file(sites: Sequence[Site]) -> dict[str, int]:
    """Syncs per file of the innermost user frame."""
    totals: dict[str, int] = {}
    for site in sites:
        totals[site.file] = totals.get(site.file, 0) + site.count
    return totals


def digest(path: str) -> str | None:
    """The SHA-256 of a file's bytes, or None when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return None


def digests(paths: Iterable[str]) -> dict[str, str]:
    """The SHA-256 of each readable file among `paths` (`<string>` and the like skipped)."""
    found = {}
    for path in paths:
        if not path.startswith("<"):
            value = digest(path)
            if value is not None:
                found[path] = value
    return found


def changed_files(profile: Profile) -> list[str]:
    """The files of `profile` whose bytes are not those profiled (edited, or gone)."""
    return [path for path, value in profile.files.items() if digest(path) != value]


def without_files(profile: Profile, paths: Sequence[str]) -> Profile:
    """`profile` without the sites any of whose frames lies in one of `paths`: their lines
    may have moved, so joining them to findings by line would mislead."""
    if not paths:
        return profile
    stale = {os.path.realpath(p) for p in paths}

    def fresh(stack: Sequence[Frame]) -> bool:
        return not any(os.path.realpath(f.file) in stale for f in stack)

    return replace(profile, sites=tuple(s for s in profile.sites if fresh(s.stack)),
                   graph_breaks=tuple(b for b in profile.graph_breaks if fresh(b.stack)))


def shown_frame_file(file: str, base: str) -> str:
    """A recorded frame's file as findings show it (relative to `base`, the directory
    the profile was recorded in)."""
    from synclint.files import display_path

    if file.startswith("<"):
        return file  # <string>, <stdin>: no file to show
    return display_path(os.path.normpath(os.path.join(base, file)))
