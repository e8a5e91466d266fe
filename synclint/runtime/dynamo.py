"""Dynamo's graph breaks as data: what `TORCH_LOGS=graph_breaks` prints, recorded.

`record_graph_breaks()` turns on Dynamo's `graph_breaks` log artifact for a region and
keeps each break it logs (file, line, function, Dynamo's reason) instead of printing it.
The artifact is the one complete source on torch 2.13: `torch._dynamo.explain` misses a
break at a function's first statement, and `counters["graph_break"]` misses a tensor
`if`/`while` (data-dependent branching). torch is imported only when a region starts.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

#: `Graph break in user code at FILE:LINE` (also in the "user stack suppressed" form).
_AT = re.compile(r"in user code at (?P<file>.+):(?P<line>\d+)\s*$", re.MULTILINE)
#: A frame of a formatted traceback: `  File "x.py", line 3, in f`.
_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+), in (?P<function>\S+)',
                    re.MULTILINE)
_SKIP = "The graph break occurred in the following user code:"
_USER_TRACEBACK = "User code traceback:"
#: The generic first line Dynamo puts before the break's own type.
_GENERIC = re.compile(r"^Encountered graph break when attempting to trace")


@dataclass(frozen=True)
class GraphBreak:
    """One graph break as Dynamo logged it."""

    file: str
    line: int
    #: The function the break is in ("" when the log does not say).
    function: str
    #: Dynamo's name for the break ("Data-dependent branching", "Unsupported Tensor.item()
    #: call with capture_scalar_outputs=False").
    reason: str
    #: Dynamo's explanation, when it gave one.
    explanation: str = ""
    #: The user frames Dynamo showed, innermost first: (file, line, function).
    stack: tuple[tuple[str, int, str], ...] = ()


@dataclass
class GraphBreakLog:
    """The breaks logged while a `record_graph_breaks()` region was open, in order."""

    breaks: list[GraphBreak] = field(default_factory=list)


def parse_record(message: str) -> GraphBreak | None:
    """A graph break from one `graph_breaks` log message, or None if it names no place."""
    at = _AT.search(message)
    if _SKIP in message:
        # A frame Dynamo skips as a whole: the break is the last frame of the user stack.
        shown = list(_FRAME.finditer(message.split(_SKIP, 1)[1]))
        if not shown:
            return None
        last = shown[-1]
        file, line, function = last["file"], int(last["line"]), last["function"]
        stack = tuple(reversed([(m["file"], int(m["line"]), m["function"]) for m in shown]))
        return GraphBreak(file, line, function, _reason(message) or "skipped frame",
                          _explanation(message), stack)
    if at is None:
        return None
    file, line = at["file"], int(at["line"])
    if _USER_TRACEBACK in message:
        stack = tuple(reversed(
            [(m["file"], int(m["line"]), m["function"])
             for m in _FRAME.finditer(message.split(_USER_TRACEBACK, 1)[1])]))
    else:
        stack = ()
    function = next((f for path, number, f in stack if path == file and number == line), "")
    if not stack:
        stack = ((file, line, function),)
    return GraphBreak(file, line, function, _reason(message), _explanation(message), stack)


def _reason(message: str) -> str:
    """Dynamo's name for the break: the first specific line after `Graph Break Reason:`."""
    _, found, rest = message.partition("Graph Break Reason:")
    if not found:
        return ""
    for text in rest.splitlines():
        stripped = text.strip()
        if not stripped or _GENERIC.match(stripped):
            continue
        return stripped.rstrip(":")
    return ""


def _explanation(message: str) -> str:
    for text in message.splitlines():
        stripped = text.strip()
        if stripped.startswith("Explanation:"):
            return stripped[len("Explanation:"):].strip()
    return ""


class _Collector(logging.Handler):
    def __init__(self, log: GraphBreakLog) -> None:
        super().__init__(logging.DEBUG)
        self.log = log

    def emit(self, record: logging.LogRecord) -> None:
        try:
            found = parse_record(record.getMessage())
        except Exception:  # a log format we do not know must not break the user's run
            return
        if found is not None:
            self.log.breaks.append(found)


def _artifact_loggers() -> list[logging.Logger]:
    import torch._dynamo  # noqa: F401  (registers the artifact loggers)

    names = [name for name in logging.root.manager.loggerDict
             if name.endswith(".__graph_breaks")]
    return [logging.getLogger(name) for name in sorted(names)]


@contextmanager
def record_graph_breaks(*, quiet: bool = True) -> Iterator[GraphBreakLog]:
    """Record the graph breaks Dynamo logs inside the block.

    With `quiet`, the records do not reach torch's own log handlers (stderr) unless the
    user turned the artifact on (`TORCH_LOGS=graph_breaks`); the previous levels and
    propagation are restored on exit. Dynamo logs a break when it compiles a frame: a
    break in a frame compiled once is logged once, however often the frame runs.
    """
    log = GraphBreakLog()
    handler = _Collector(log)
    loggers = _artifact_loggers()
    saved = [(logger, logger.level, logger.propagate) for logger in loggers]
    try:
        for logger in loggers:
            enabled_by_user = logger.level == logging.DEBUG and logger.propagate
            logger.setLevel(logging.DEBUG)
            if quiet and not enabled_by_user:
                logger.propagate = False
            logger.addHandler(handler)
        yield log
    finally:
        for logger, level, propagate in saved:
            logger.removeHandler(handler)
            logger.setLevel(level)
            logger.propagate = propagate
