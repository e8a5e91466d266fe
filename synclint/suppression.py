"""Suppression comments: `# noqa`, `# noqa: SYN101`, `# synclint: ignore[SYN101]`, and a
file-wide `# synclint: noqa`.

As in ruff, a finding on a line that cannot hold a comment is suppressed by a comment at
the end of the lines it belongs with: the rows of a multi-line string, and the rows of a
statement continued with backslashes, all take the comment of their last row (ruff's
noqa line mapping; a statement spread over lines by brackets is not joined)."""

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
    #: Rows whose comment goes on a later row (see the module docstring): row -> that row.
    noqa_rows: dict[int, int] = field(default_factory=dict)

    def noqa_row(self, row: int) -> int:
        """The row whose comment suppresses a finding on `row`."""
        return self.noqa_rows.get(row, row)

    @classmethod
    def parse(cls, source: str) -> Suppressions:
        result = cls()
        if "noqa" not in source and "synclint:" not in source:
            return result
        for match in _FILE_NOQA.finditer(source):
            codes = match.group("codes")
            result.file_codes |= set(_CODE.findall(codes)) if codes else {ALL}
        if _IGNORE.search(source) is None and all(
                match.group("codes") and "SYN" not in match.group("codes").upper()
                for match in _NOQA.finditer(source)):
            # Every comment is part of the source: tokenizing it (the costly part, a
            # Python step per token) cannot find a directive the source does not hold,
            # and a noqa comment that lists only other linters' codes (E501) suppresses
            # no finding here.
            return result
        comments, result.noqa_rows = _scan(source)
        for row, comment in comments:
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
        codes = self.by_line.get(self.noqa_row(row))
        return codes is not None and (ALL in codes or code in codes)


def _comments(source: str) -> list[tuple[int, str]]:
    """(row, text) of each comment; falls back to a line scan if tokenizing fails."""
    return _scan(source)[0]


def noqa_rows(source: str) -> dict[int, int]:
    """Row -> the row whose comment suppresses findings on it, for the rows of multi-line
    strings and backslash continuations (every other row is its own)."""
    return _scan(source)[1]


#: Tokens after which a later row starts a new line of code, not a continuation.
_LINE_BREAKS = frozenset({tokenize.NEWLINE, tokenize.NL, tokenize.INDENT, tokenize.DEDENT,
                          tokenize.ENCODING, tokenize.COMMENT})
_FSTRING_START = getattr(tokenize, "FSTRING_START", None)  # Python 3.12+
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


def _scan(source: str) -> tuple[list[tuple[int, str]], dict[int, int]]:
    """The comments (row, text) and the noqa row mapping, in one tokenization; without a
    mapping, and comments found by a line scan, when the source does not tokenize."""
    comments: list[tuple[int, str]] = []
    spans: list[tuple[int, int]] = []
    try:
        previous: tokenize.TokenInfo | None = None
        fstrings: list[int] = []
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            kind = token.type
            if kind == tokenize.COMMENT:
                comments.append((token.start[0], token.string))
            if kind == _FSTRING_START:
                fstrings.append(token.start[0])
            elif kind == _FSTRING_END and fstrings:
                spans.append((fstrings.pop(), token.end[0]))
            elif kind == tokenize.STRING and token.end[0] > token.start[0]:
                spans.append((token.start[0], token.end[0]))
            if previous is not None and previous.type not in _LINE_BREAKS and \
                    kind not in (tokenize.ENDMARKER, tokenize.DEDENT) and \
                    token.start[0] > previous.end[0]:
                spans.append((previous.end[0], token.start[0]))  # a backslash continuation
            previous = token
    except (tokenize.TokenError, SyntaxError, IndentationError):
        fallback = [(row, line[line.index("#"):])
                    for row, line in enumerate(source.splitlines(), start=1) if "#" in line]
        return fallback, {}
    return comments, _mapping(spans)


def _mapping(spans: list[tuple[int, int]]) -> dict[int, int]:
    """Each row of the merged spans (spans that share a row join) -> the merged last row."""
    mapping: dict[int, int] = {}
    merged: list[list[int]] = []
    for first, last in sorted(spans):
        if merged and first <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    for first, last in merged:
        for row in range(first, last):
            mapping[row] = last
    return mapping
