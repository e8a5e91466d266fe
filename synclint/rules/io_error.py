"""SYN001 io-error: a file that could not be read or decoded (like ruff's E902), or that
synclint gave up on (too complex or too large to analyse: synclint/file_errors.py).

The runner reports it, never a walk over source: there is no source to walk.
"""

from __future__ import annotations

from synclint.rule_info import IO_ERROR
from synclint.rules.base import Rule


class IoError(Rule):
    code = IO_ERROR
    group = "file errors"
    name = "io-error"
    summary = "A file could not be read, decoded or analysed"
    # Found by the runner when reading a file; no source text ever holds one.
    VALID = []
    INVALID = []

    @classmethod
    def could_match(cls, source: str) -> bool:
        return False
