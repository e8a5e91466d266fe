"""The data that crosses module boundaries: findings, their fixes and the edits of a fix."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Applicability(str, enum.Enum):
    """Whether a fix is proven to keep behaviour (safe) or needs `--unsafe-fixes`."""

    SAFE = "safe"
    UNSAFE = "unsafe"


@dataclass(frozen=True, order=True)
class Location:
    """A position in a file: 1-based row and 1-based column (in characters)."""

    row: int
    column: int

    def to_json(self) -> dict[str, int]:
        return {"row": self.row, "column": self.column}


@dataclass(frozen=True)
class Edit:
    """Replace the text between `location` and `end_location` with `content`."""

    content: str
    location: Location
    end_location: Location

    def to_json(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "location": self.location.to_json(),
            "end_location": self.end_location.to_json(),
        }


@dataclass(frozen=True)
class Fix:
    """A set of edits that resolve one finding, applied together or not at all."""

    applicability: Applicability
    message: str
    edits: tuple[Edit, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "applicability": self.applicability.value,
            "message": self.message,
            "edits": [edit.to_json() for edit in self.edits],
        }


@dataclass(frozen=True)
class Related:
    """Another place that explains a finding: a call in a loop, the sync inside a helper."""

    filename: str
    location: Location
    message: str
    #: In a notebook: the 1-based cell `location`'s row counts in (as `Diagnostic.cell`).
    cell: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"filename": self.filename, "location": self.location.to_json(),
                "message": self.message,
                **({"cell": self.cell} if self.cell is not None else {})}


@dataclass(frozen=True)
class Diagnostic:
    """One finding of one rule in one file."""

    code: str
    message: str
    filename: str
    location: Location
    end_location: Location
    fix: Fix | None = None
    # Not part of the JSON contract: how sure the analysis is that the receiver is a tensor.
    confidence: str = field(default="high", compare=False)
    #: The remedy, in a few words ("Read the values in one transfer ..."), or None.
    help: str | None = None
    #: Places that explain the finding (whole-program reasoning), innermost last.
    related: tuple[Related, ...] = ()
    #: Host syncs a runtime profile measured here (`check --runtime`), or None.
    runtime_syncs: int | None = None
    #: In a Jupyter notebook: the 1-based cell (counting every cell, as Jupyter and ruff
    #: do); `location` and `end_location` are then rows and columns within that cell.
    cell: int | None = None
    #: In code `torch.compile` runs: whether the finding breaks the graph under the
    #: installed torch and the project's Dynamo flags; None outside compiled code.
    graph_break: bool | None = None
    #: The Dynamo flag that would keep it in the graph, when one would.
    graph_break_flag: str | None = None
    #: Graph breaks a `profile --compile` run saw here (`check --runtime`), or None.
    runtime_graph_breaks: int | None = None

    def _runtime_json(self) -> dict[str, int] | None:
        measured = {}
        if self.runtime_syncs is not None:
            measured["syncs"] = self.runtime_syncs
        if self.runtime_graph_breaks is not None:
            measured["graph_breaks"] = self.runtime_graph_breaks
        return measured or None

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "filename": self.filename,
            "location": self.location.to_json(),
            "end_location": self.end_location.to_json(),
            "fix": self.fix.to_json() if self.fix is not None else None,
            "help": self.help,
            "related": [r.to_json() for r in self.related],
            "runtime": self._runtime_json(),
            "graph_break": self.graph_break,
            "graph_break_flag": self.graph_break_flag,
            # Only for notebooks (ruff's key), so a .py finding keeps the documented keys.
            **({"cell": self.cell} if self.cell is not None else {}),
        }


@dataclass(frozen=True)
class FileError:
    """A file that could not be checked at all (unreadable, internal error, too complex)."""

    filename: str
    message: str
    internal: bool = False


@dataclass(frozen=True)
class FileResult:
    """Everything the engine found in one file; picklable, so workers can return it."""

    filename: str
    diagnostics: tuple[Diagnostic, ...] = ()
    errors: tuple[FileError, ...] = ()
    skipped: bool = False
    #: (tier, count) of the findings hidden by default (opt-in, once code:
    #: `synclint/hidden.py`), for the summary's hint; never in the findings.
    hidden: tuple[tuple[str, int], ...] = ()
