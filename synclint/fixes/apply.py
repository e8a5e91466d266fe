"""One round of fixing: pick the applicable fixes whose edits do not overlap, apply them."""

from __future__ import annotations

import bisect
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from synclint.diagnostics import Applicability, Diagnostic, Fix, Location


@dataclass(frozen=True, order=True)
class Span:
    """An edit in character offsets into the text: replace text[start:end] by content."""

    start: int
    end: int
    content: str

    @property
    def empty(self) -> bool:
        return self.start == self.end


def is_applicable(fix: Fix | None, *, unsafe: bool) -> bool:
    """Safe fixes always; unsafe ones only when the user opted in."""
    if fix is None or not fix.edits:
        return False
    return fix.applicability is Applicability.SAFE or unsafe


class Offsets:
    """Converts 1-based (row, character column) locations of one text into offsets."""

    def __init__(self, text: str) -> None:
        self._length = len(text)
        self._starts = [0]
        index = text.find("\n")
        while index >= 0:
            self._starts.append(index + 1)
            index = text.find("\n", index + 1)

    def offset(self, location: Location) -> int | None:
        """The offset of `location`, or None if it lies outside the text."""
        row, column = location.row, location.column
        if row < 1 or row > len(self._starts) or column < 1:
            return None
        start = self._starts[row - 1]
        # A line ends at its "\n" (a location may point at it), the last one at the end.
        line_end = self._starts[row] - 1 if row < len(self._starts) else self._length
        if start + column - 1 > line_end:
            return None
        return start + column - 1

    def location(self, offset: int) -> Location:
        row = bisect.bisect_right(self._starts, offset)
        return Location(row, offset - self._starts[row - 1] + 1)


def resolve(fix: Fix, offsets: Offsets) -> tuple[Span, ...] | None:
    """The fix's edits as spans sorted by position (stable, so insertions at one point keep
    their order); None when an edit lies outside the text or two of its edits overlap."""
    spans: list[Span] = []
    for edit in fix.edits:
        start, end = offsets.offset(edit.location), offsets.offset(edit.end_location)
        if start is None or end is None or end < start:
            return None
        spans.append(Span(start, end, edit.content))
    ordered = sorted(spans, key=lambda span: (span.start, span.end))
    for before, after in zip(ordered, ordered[1:]):
        if after.start < before.end:
            return None
    return tuple(ordered)


def conflicts(a: Span, b: Span) -> bool:
    """Whether two edits of different fixes cannot both be applied in one round.

    Identical edits (the same `import torch` of two fixes) are applied once. An insertion
    touching another edit conflicts too: which text would come first is ambiguous.
    """
    if a == b:
        return False
    if a.start < b.end and b.start < a.end:
        return True
    return (a.empty or b.empty) and a.start <= b.end and b.start <= a.end


def select(text: str, diagnostics: Iterable[Diagnostic], *, unsafe: bool,
           accept: Callable[[Diagnostic], bool] | None = None,
           limit: int | None = None) -> tuple[list[Diagnostic], list[Span]]:
    """The diagnostics whose fixes go into this round, and the spans to apply.

    Fixes are taken in text order; one that overlaps an edit already taken waits for the
    next round (re-linted on the new text). Several findings carrying the same fix share
    it: the fix is applied once and all of them count as fixed. `accept` can veto a fix
    (the fixer uses it for fixes known to break the code); `limit` caps the distinct
    fixes taken.
    """
    offsets = Offsets(text)
    by_fix: dict[Fix, list[Diagnostic]] = {}
    resolved: dict[Fix, tuple[Span, ...]] = {}
    for diagnostic in diagnostics:
        fix = diagnostic.fix
        if fix is None or not is_applicable(fix, unsafe=unsafe):
            continue
        if accept is not None and not accept(diagnostic):
            continue
        if fix not in by_fix:
            spans = resolve(fix, offsets)
            if spans is None:
                continue
            resolved[fix] = spans
            by_fix[fix] = []
        by_fix[fix].append(diagnostic)
    order = sorted(resolved, key=lambda fix: (resolved[fix][0].start, resolved[fix][-1].end))
    taken = _Taken()
    applied: list[Diagnostic] = []
    fixes_taken = 0
    for fix in order:
        if limit is not None and fixes_taken >= limit:
            break
        spans = resolved[fix]
        if any(taken.conflicts(span) for span in spans):
            continue
        for span in spans:
            taken.add(span)
        applied.extend(by_fix[fix])
        fixes_taken += 1
    return applied, taken.spans


class _Taken:
    """The spans accepted in a round, sorted: they never overlap, so their ends are sorted
    too, and only the few just before a new span's end can conflict with it."""

    def __init__(self) -> None:
        self.spans: list[Span] = []
        self._keys: list[tuple[int, int]] = []
        self._set: set[Span] = set()

    def conflicts(self, span: Span) -> bool:
        index = bisect.bisect_right(self._keys, (span.end, sys.maxsize))
        while index > 0:
            index -= 1
            other = self.spans[index]
            if other.end < span.start:
                return False
            if conflicts(span, other):
                return True
        return False

    def add(self, span: Span) -> None:
        if span in self._set:
            return  # the same edit shared by two fixes is applied once
        self._set.add(span)
        key = (span.start, span.end)
        index = bisect.bisect_right(self._keys, key)
        self._keys.insert(index, key)
        self.spans.insert(index, span)


def apply_spans(text: str, spans: Sequence[Span]) -> str:
    """Apply non-overlapping spans; insertions at one point keep their given order."""
    pieces: list[str] = []
    position = 0
    for span in sorted(spans, key=lambda span: (span.start, span.end)):
        pieces.append(text[position:span.start])
        pieces.append(span.content)
        position = span.end
    pieces.append(text[position:])
    return "".join(pieces)


def apply_fixes(text: str, diagnostics: Iterable[Diagnostic], *,
                unsafe: bool) -> tuple[str, list[Diagnostic]]:
    """One round: the new text and the diagnostics whose fixes were applied.

    Only safe fixes are applied, plus unsafe ones when `unsafe` is true. The text must be
    the one the diagnostics were computed on (with "\\n" line endings).
    """
    applied, spans = select(text, diagnostics, unsafe=unsafe)
    return apply_spans(text, spans), applied
