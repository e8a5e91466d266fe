"""Data the runtime harness hands back: sync events, sync reports, memory reports."""

from __future__ import annotations

import os
import sys
import sysconfig
from collections import Counter
from dataclasses import dataclass, field
from types import CodeType, FrameType
from typing import NamedTuple

# Only the harness's own frames are skipped: synclint.telemetry is library code whose
# syncs should be attributed to its own lines (DESIGN.md section 5: "telemetry.py:88").
_RUNTIME_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_HARNESS_FILES = (
    os.path.join(_PACKAGE_DIR, "pytest_plugin.py"),
    os.path.join(_PACKAGE_DIR, "profile_command.py"),
)
_WARNINGS_FILE = "warnings.py"
#: The standard library (runpy, threading, ...): never the code a user wants to see.
_STDLIB_DIRS = tuple(
    os.path.realpath(sysconfig.get_paths()[key]) + os.sep for key in ("stdlib", "platstdlib")
)
#: Enough callers to see the call chain without growing the report with deep recursion.
MAX_STACK = 8


class StackFrame(NamedTuple):
    """One frame of the user call stack of a sync: file, line and function name.

    A named tuple, not a dataclass: every sync makes several, and tuples are cheap.
    """

    file: str
    line: int
    function: str


@dataclass(frozen=True)
class SyncEvent:
    """One host synchronisation: what caused it and the user code that asked for it."""

    kind: str  # user-level name: "item", "tolist", "nonzero", "synchronize", ...
    op: str  # aten op ("aten.nonzero.default") or Python API ("Tensor.tolist")
    file: str
    line: int
    function: str
    #: The user call stack, innermost frame (file, line, function above) first.
    stack: tuple[StackFrame, ...] = ()

    @property
    def site(self) -> str:
        """`file:line` with the file's base name, the shape `by_site()` reports."""
        return f"{os.path.basename(self.file)}:{self.line}"


@dataclass
class SyncReport:
    """Syncs seen in a `count_syncs` region; filled while the region runs.

    `events` are the counted syncs; `allowed` the ones made inside `allow_syncs()` blocks,
    which count neither in `total` nor against budgets.
    """

    backend: str
    events: list[SyncEvent] = field(default_factory=list)
    allowed: list[SyncEvent] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.events)

    def by_site(self) -> list[tuple[str, str, int]]:
        """(site "file:line", kind, count) per distinct site and kind, most first."""
        counts = Counter((e.site, e.kind) for e in self.events)
        # Ties keep the order of first occurrence: the stable sort sees insertion order.
        ordered = sorted(counts.items(), key=lambda item: -item[1])
        return [(site, kind, n) for (site, kind), n in ordered]

    def by_location(self) -> list[tuple[SyncEvent, int]]:
        """One representative event per (kind, file, line, function), with counts, most first."""
        counts: Counter[tuple[str, str, int, str]] = Counter()
        first: dict[tuple[str, str, int, str], SyncEvent] = {}
        for event in self.events:
            key = (event.kind, event.file, event.line, event.function)
            counts[key] += 1
            first.setdefault(key, event)
        ordered = sorted(counts.items(), key=lambda item: -item[1])
        return [(first[key], n) for key, n in ordered]


@dataclass
class MemoryReport:
    """Temporary memory of a `track_memory` region, in bytes; final once the region exits."""

    backend: str
    peak_bytes: int = 0
    live_bytes: int = 0


def user_frame(start: FrameType | None = None) -> tuple[str, int, str]:
    """(file, line, function) of the innermost frame outside torch, the harness and warnings."""
    torch_dir = _torch_dir()
    frame: FrameType | None = start if start is not None else sys._getframe(1)
    fallback: tuple[str, int, str] = ("<unknown>", 0, "<unknown>")
    while frame is not None:
        filename = frame.f_code.co_filename
        if fallback[0] == "<unknown>":
            fallback = (filename, frame.f_lineno, frame.f_code.co_name)
        inside = (
            filename.startswith(_RUNTIME_DIR)
            or filename in _HARNESS_FILES
            or (torch_dir is not None and filename.startswith(torch_dir))
            or os.path.basename(filename) == _WARNINGS_FILE
        )
        if not inside:
            return filename, frame.f_lineno, frame.f_code.co_name
        frame = frame.f_back
    return fallback


def _in_stdlib(filename: str) -> bool:
    if filename.startswith("<frozen "):
        return True
    # Without a virtual environment, site-packages lies inside the standard library's
    # directory: installed libraries are user code for a profile.
    return filename.startswith(_STDLIB_DIRS) and not any(
        part in ("site-packages", "dist-packages") for part in filename.split(os.sep))


def _torch_dir() -> str | None:
    torch = sys.modules.get("torch")
    file = getattr(torch, "__file__", None)
    return os.path.dirname(os.path.abspath(file)) + os.sep if file else None


def user_stack(start: FrameType | None = None) -> tuple[StackFrame, ...]:
    """The user frames of the current call stack, innermost first.

    Frames of torch, the harness, warnings and the standard library are left out; the walk
    stops at the harness's entry (`synclint profile`, the pytest plugin), so a profiled
    script's stack ends at its own module, not in the machinery that ran it.
    """
    frame: FrameType | None = start if start is not None else sys._getframe(1)
    places: list[tuple[int, int]] = []
    codes: list[CodeType] = []
    while frame is not None and len(places) < MAX_STACK:
        code = frame.f_code
        # By identity: equal code objects may come from different files (== ignores
        # co_filename), and the table keeps each code alive, so its id stays its own.
        known = _FRAME_VERDICTS.get(id(code))
        if known is None:
            known = _FRAME_VERDICTS[id(code)] = (code, _verdict(code.co_filename))
        verdict = known[1]
        if verdict is _STOP:
            break
        if verdict is _KEEP:
            places.append((id(code), frame.f_lineno))
            codes.append(code)
        frame = frame.f_back
    key = tuple(places)
    stack = _STACKS.get(key)
    if stack is None:
        stack = _STACKS[key] = tuple(
            StackFrame(code.co_filename, line, code.co_name)
            for code, (_, line) in zip(codes, places))
    return stack


_KEEP, _SKIP, _STOP = "keep", "skip", "stop"
#: What to do with the frames of each code object: deciding once per code keeps the walk
#: at a dictionary lookup per frame (every sync walks the stack).
_FRAME_VERDICTS: dict[int, tuple[CodeType, str]] = {}
#: One shared tuple per distinct stack: a loop's thousands of syncs keep one stack alive,
#: not thousands (which also made the garbage collector scan them all).
_STACKS: dict[tuple[tuple[int, int], ...], tuple[StackFrame, ...]] = {}


def _verdict(filename: str) -> str:
    if filename in _HARNESS_FILES:
        return _STOP
    torch_dir = _torch_dir()
    if (
        filename.startswith(_RUNTIME_DIR)
        or (torch_dir is not None and filename.startswith(torch_dir))
        or os.path.basename(filename) == _WARNINGS_FILE
        or _in_stdlib(filename)
    ):
        return _SKIP
    return _KEEP
