"""A second process that parses part of a cold index's files while the first parses
the rest (`index_cache._walk`).

Reading and `ast.parse` of every file is the serial start of a cold run: on the torch
package a fifth of the index, with the second core idle. The child, forked when the walk
begins, parses the files `PARSED_AHEAD` picks out of the checked ones, in their order,
and sends each tree with its imports pickled through a pipe; the parent, when its walk
reaches such a file, takes the child's tree instead of parsing it (unpickling costs about
half a parse). The parent still reads every file itself and takes a tree only for the
same text (its SHA-256), so what the index holds is what a walk of its own would hold;
a child that fails or sends nothing costs time, never a different model.
"""

from __future__ import annotations

import ast
import os
import pickle
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from synclint.children import fork_writer, stop_child

#: Below this many checked files a second process costs more than it saves.
MIN_FILES = 400
#: Of every `len(PARSED_AHEAD[1])` checked files, the positions the child parses: the
#: child also pickles what it parses, so a share under half keeps it ahead of the parent.
PARSED_AHEAD = (frozenset({1, 3}), 5)

#: What the child sends for one file: its position among the checked files, the SHA-256
#: of the text it parsed, and the tree with its imports (None where it did not parse).
Parsed = tuple[int, str, "tuple[ast.Module, Any] | None"]


class ParseLane:
    """The parent's end: the child's trees of the checked files, taken in order."""

    def __init__(self, pid: int, source: IO[bytes]) -> None:
        self._pid = pid
        self._source: IO[bytes] | None = source
        self._received: dict[int, Parsed] = {}

    @classmethod
    def start(cls, checked: Sequence[str],
              parse: Callable[[int, str], tuple[str, tuple[ast.Module, Any] | None] | None],
              ) -> ParseLane | None:
        """Fork a child that calls `parse(position, path)` for its share of `checked`
        (a SHA-256 and a tree with its imports, or None for a file it could not read)
        and sends the results; None where there is no `fork` or too few files."""
        if not hasattr(os, "fork") or len(checked) < MIN_FILES:
            return None

        def send(writing: int) -> None:  # in the child: parse and send, file by file
            with os.fdopen(writing, "wb") as sink:
                for position in ahead_positions(len(checked)):
                    done = parse(position, checked[position])
                    if done is not None:
                        pickle.dump((position, *done), sink, protocol=pickle.HIGHEST_PROTOCOL)
                        sink.flush()

        child = fork_writer(send)
        return cls(child[0], os.fdopen(child[1], "rb")) if child is not None else None

    def take(self, position: int, sha: str) -> tuple[ast.Module, Any] | None:
        """The child's tree and imports of the checked file at `position`, where it
        parsed the text whose SHA-256 is `sha`; None otherwise."""
        if position % PARSED_AHEAD[1] not in PARSED_AHEAD[0]:
            return None
        while position not in self._received and self._source is not None:
            try:
                parsed: Parsed = pickle.load(self._source)
            except (EOFError, OSError, pickle.UnpicklingError, ValueError, TypeError,
                    AttributeError, MemoryError):
                self.close()
                break
            self._received[parsed[0]] = parsed
            if parsed[0] >= position:
                break
        found = self._received.pop(position, None)
        if found is None or found[1] != sha:
            return None
        return found[2]

    def close(self) -> None:
        """Stop the child if it still runs, and reap it."""
        if self._source is not None:
            self._source.close()
            self._source = None
        if self._pid:
            stop_child(self._pid)
            self._pid = 0


def ahead_positions(count: int) -> list[int]:
    """The positions among `count` checked files that the child parses."""
    share, period = PARSED_AHEAD
    return [position for position in range(count) if position % period in share]


def read_text(path: str, overlays: Mapping[str, str], real: str) -> str | None:
    """A checked file's text as the walk reads it: its overlay, else the decoded bytes
    on disk; None where it cannot be read or decoded."""
    from synclint.model.index import _decode

    text = overlays.get(real)
    if text is not None:
        return text
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    return _decode(data)
