"""What one evaluation reads of the state the fixed point changes (see `Evaluated`).

An evaluation of a function is a function of its text, the project's links and three
reads of changing state: the summaries of the project functions it calls
(`Evaluated.callees`), the attribute kinds and attribute classes of the classes it reads
through `self` (`class_reads`), and, for a nested function, the names it sees from the
enclosing one (`closure_of`). Whoever replays an evaluation made elsewhere (the index
cache's memo, `ahead.Ahead`) replays it only when these are the same now.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from synclint.analysis.kinds import Kind
from synclint.model.summaries import Summary

if TYPE_CHECKING:
    from synclint.model.index import _Function
    from synclint.model.project import Project

#: A class as one evaluation read it: its key, its attribute kinds (None when the
#: evaluation read none) and the classes of its attributes.
ClassRead = tuple[str, tuple[tuple[str, Kind], ...] | None, tuple[tuple[str, str], ...]]


def class_reads(project: Project, class_key: str | None, readers: tuple[str, ...],
                ) -> tuple[ClassRead, ...]:
    """What a method of `class_key` may read of classes: the classes of attributes of
    its class and bases, and of the classes those name (`self.a.b.f()`); and the
    attribute kinds of the classes whose attributes it read (`Evaluated.attribute_reads`:
    its own, through `self`) and their bases."""
    with_kinds = {cls.key for owner in readers for cls in project._mro(owner)}
    rows: list[ClassRead] = []
    seen: set[str] = set()
    pending = [class_key] if class_key is not None else []
    pending.extend(readers)
    while pending:
        for cls in project._mro(pending.pop(0)):
            if cls.key in seen:
                continue
            seen.add(cls.key)
            kinds = tuple(sorted(cls.attributes.items(), key=_name)) \
                if cls.key in with_kinds else None
            rows.append((cls.key, kinds, tuple(sorted(cls.attribute_classes.items()))))
            pending.extend(cls.attribute_classes.values())
    return tuple(rows)


def closure_of(project: Project, function: _Function) -> tuple[tuple[str, Kind], ...]:
    """What a nested function sees of the enclosing one's names, as its evaluation does."""
    found = project.closures.get(function.key)
    return tuple(sorted(found.items(), key=_name)) if found else ()


def same_summary(seen: Summary, now: Summary | None) -> bool:
    """The same summary to a caller: no evaluation reads a callee's `hot`."""
    if now is None or seen == now:
        return seen == now
    return seen.hot != now.hot and replace(now, hot=seen.hot) == seen


def _name(item: tuple[str, Kind]) -> str:
    return item[0]
