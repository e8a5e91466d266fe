"""Suppression comments: `# noqa`, `# noqa: SYN101`, `# synclint: ignore[SYN101]`, and a
file-wide `# synclint: noqa`."""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

_NOQA = re.compile(
    r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?", re.IGNORECASE
)
_IGNORE = re.compile(r"#\s*synclint:\s*ignore\[(?P<codes>[^\]]*)\]")
_FILE_NOQA = re.compile(
    r"^\s*#\s*synclint:\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?\s*$",
    re.MULTILINE,
)
_CODE = re.compile(r"[A-Z]+[0-9]+")
ALL = "*"


@dataclass
class Suppressions:
    """Which codes are suppressed on which line (ALL for a bare noqa)."""

    by_line: dict[int, set[str]] = field(default_factory=dict)
    file_codes: set[str] = field(default_factory=set)

    @classmethod
    def parse(cls, source: str) -> Suppressions:
        result = cls()
        if "noqa" not in source and "synclint:" not in source:
            return result
        for match in _FILE_NOQA.finditer(source):
            codes = match.group("codes")
            result.file_codes |= set(_CODE.findall(codes)) if codes else {ALL}
        if _NOQA.search(source) is None and _IGNORE.search(source) is None:
            # Every comment is part of the source: tokenizing it (the costly part, a
            # Python step per token) cannot find a directive the source does not hold.
            return result
        for row, comment in _comments(source):
            for pattern in (_NOQA, _IGNORE):
                for match in pattern.finditer(comment):
                    if pattern is _NOQA and _FILE_NOQA.match(comment):
                        continue
                    codes = match.group("codes")
                    found = set(_CODE.findall(codes.upper())) if codes else {ALL}
                    result.by_line.setdefault(row, set()).update(found)
        return result

    def suppresses(self, code: str, row: int) -> bool:
        if ALL in self.file_codes or code in self.file_codes:
            return True
        codes = self.by_line.get(row)
        return codes is not None and (ALL in codes or code in codes)


def _comments(source: str) -> list[tuple[int, str]]:
    """(row, text) of each comment; falls back to a line scan if tokenizing fails."""
    try:
        return [
            (token.start[0], token.string)
            for token in tokenize.generate_tokens(io.StringIO(source).readline)
            if token.type == tokenize.COMMENT
        ]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return [
            (row, line[line.index("#"):])
            for row, line in enumerate(source.splitlines(), start=1)
            if "#" in line
        ]
