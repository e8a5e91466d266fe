"""Summaries solved ahead in a second process, replayed where they read the same.

The call graph's components are solved callees first, in one process (`Project.analyse`).
Much of the graph is independent: `schedule.two_lanes` splits it into two lanes, each
with everything it reads, and orders the first lane's components before all others. On
a large project, a child process forked after the links (`Ahead.start`) solves the
second lane while the parent solves the first. When the parent then reaches a function
of the second lane, it replays the child's evaluation only if that evaluation read what
an evaluation now would read (the callees' summaries, the classes' attributes, the
closure: `reads.py`); else it evaluates afresh. Every replay is exact, so the summaries
are the ones a single process finds, whatever the timing, and a child that fails or is
slow costs time, never a different result.

With each function's last evaluation the child sends the kinds it gave the function's
nodes, by `id` (`Project.expression_kinds`): the syntax trees were made before the fork,
so an `id` names the same node in both processes. The parent keeps them where it
replays that last evaluation, for the gate of the lint workers it forks.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from typing import TYPE_CHECKING

from synclint.analysis.kinds import Kind
from synclint.children import fork_writer, stop_child
from synclint.model.index import Evaluated
from synclint.model.reads import ClassRead, class_reads, closure_of
from synclint.model.schedule import Lanes
from synclint.model.summaries import Summary

if TYPE_CHECKING:
    from synclint.model.index import _Function
    from synclint.model.project import Project

#: Below this many functions a second process costs more than it saves.
MIN_FUNCTIONS = 4000

#: One evaluation made ahead and what it read: the callees' summaries (in the order of
#: `Evaluated.callees`), the classes (`reads.class_reads`) and the closure.
Row = tuple[Evaluated, tuple[Summary | None, ...], tuple[ClassRead, ...],
            tuple[tuple[str, Kind], ...]]


class Ahead:
    """The child's evaluations of the second lane (while recording, in the child), or
    the parent's access to them (read from the child's pipe when first needed)."""

    def __init__(self, wanted: frozenset[str]) -> None:
        #: The functions of the second lane the first lane does not solve itself.
        self.wanted = wanted
        self.rows: dict[str, list[Row]] | None = None
        #: What the child's last evaluation of each function gave its nodes, by `id`.
        self.kinds: dict[str, dict[int, tuple[Kind, int | None]]] = {}
        #: The functions whose last replay was the child's last evaluation of them.
        self._final: set[str] = set()
        self.recording = False
        #: How many evaluations were replayed, and how many of the wanted functions'
        #: evaluations were made afresh (their reads differed, or the child failed).
        self.replayed = 0
        self.afresh = 0
        self._next: dict[str, int] = {}
        self._pid = 0
        self._fd = -1

    @classmethod
    def start(cls, project: Project, lanes: Lanes,
              solve: Callable[[list[list[str]]], None]) -> Ahead | None:
        """Fork a child that solves `lanes.ahead` with `solve` and sends its
        evaluations back; None where there is no `fork` or too little to gain."""
        if not hasattr(os, "fork") or len(project.functions) < MIN_FUNCTIONS:
            return None
        first = {key for component in lanes.order[:lanes.first] for key in component}
        wanted = frozenset(key for component in lanes.ahead for key in component
                           if key not in first and key in project.functions)
        if not wanted:
            return None
        ahead = cls(wanted)

        def send(writing: int) -> None:  # in the child: solve and send
            ahead.rows, ahead.recording = {}, True
            project.memo, project.ahead = None, ahead
            solve(lanes.ahead)
            kinds = {key: last for key, last in project.expression_kinds.items()
                     if key in wanted}
            data = pickle.dumps((ahead.rows, kinds), protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(data)
            while view:
                view = view[os.write(writing, view):]

        child = fork_writer(send)
        if child is None:
            return None
        ahead._pid, ahead._fd = child
        return ahead

    def recall(self, project: Project, function: _Function) -> Evaluated | None:
        """The child's evaluation of `function` that reads what one now would, or None."""
        if self.recording or function.key not in self.wanted:
            return None
        if self.rows is None:
            self.rows = self._receive()
        rows = self.rows.get(function.key)
        if rows:
            start = self._next.get(function.key, 0)
            for step in range(len(rows)):
                index = (start + step) % len(rows)
                if _reads_now(project, function, rows[index]):
                    self._next[function.key] = index + 1
                    self.replayed += 1
                    if index == len(rows) - 1:
                        self._final.add(function.key)
                    else:
                        self._final.discard(function.key)
                    return rows[index][0]
        self.afresh += 1
        return None

    def node_kinds(self, key: str) -> dict[int, tuple[Kind, int | None]] | None:
        """What the evaluation of `key` just replayed gave its nodes, where it was the
        child's last evaluation of it (the one whose kinds the child sent)."""
        return self.kinds.get(key) if key in self._final else None

    def remember(self, project: Project, function: _Function, evaluated: Evaluated) -> None:
        """In the child: record an evaluation of a wanted function and what it read
        (called before the fixed point stores its results)."""
        if not self.recording or self.rows is None or function.key not in self.wanted:
            return
        summaries = project.summaries
        classes = class_reads(project, function.class_key, evaluated.attribute_reads) \
            if function.class_key is not None or evaluated.attribute_reads else ()
        self.rows.setdefault(function.key, []).append(
            (evaluated, tuple(summaries.get(callee) for callee in evaluated.callees),
             classes, closure_of(project, function)))

    def close(self) -> None:
        """Stop the child if it still runs, and reap it."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
        if self._pid:
            stop_child(self._pid)
            self._pid = 0

    def _receive(self) -> dict[str, list[Row]]:
        """Everything the child sent (waiting for it to finish); nothing if it failed."""
        chunks: list[bytes] = []
        rows: dict[str, list[Row]]
        try:
            while chunk := os.read(self._fd, 1 << 20):
                chunks.append(chunk)
            rows, self.kinds = pickle.loads(b"".join(chunks)) if chunks else ({}, {})
        except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError):
            rows, self.kinds = {}, {}
        self.close()
        return rows


def _reads_now(project: Project, function: _Function, row: Row) -> bool:
    """Whether `function` evaluated now would read what the child's evaluation read."""
    evaluated, seen, classes, closure = row
    summaries = project.summaries
    for callee, summary in zip(evaluated.callees, seen):
        now = summaries.get(callee)
        if now is not summary and now != summary:
            return False
    if closure != closure_of(project, function):
        return False
    if function.class_key is None and not evaluated.attribute_reads:
        return True
    return classes == class_reads(project, function.class_key, evaluated.attribute_reads)
