"""Source spans that an `ast` tree and a LibCST tree of the same text agree on, so that
rules walking LibCST can read what the model computed from `ast` (DESIGN.md section 10).

A span is (first line, first column, last line, end column), lines 1-based, columns in
characters, parentheses around the expression excluded. `ast` counts columns in UTF-8
bytes and includes the parentheses of a tuple (and of a generator that is a call's only
argument); both are converted here. LibCST's side is `analysis/cst_spans.py`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

Span = tuple[int, int, int, int]
#: The line ends `ast` counts lines by (a file may end its lines in a lone "\r").
_LINE_END = re.compile(r"\r\n?|\n")


class Lines:
    """One text's lines, to turn `ast`'s byte columns into character columns."""

    def __init__(self, text: str) -> None:
        self._lines = _LINE_END.split(text)
        self._ascii = [line.isascii() for line in self._lines]

    def column(self, line: int, offset: int) -> int:
        """The character column of byte `offset` on 1-based `line`."""
        if line < 1 or line > len(self._lines) or self._ascii[line - 1]:
            return offset
        encoded = self._lines[line - 1].encode("utf-8", "surrogatepass")
        return len(encoded[:offset].decode("utf-8", "surrogatepass"))

    def char(self, line: int, column: int) -> str:
        if 1 <= line <= len(self._lines):
            text = self._lines[line - 1]
            if 0 <= column < len(text):
                return text[column]
        return ""


def ast_spans(node: ast.expr, lines: Lines) -> Iterator[Span]:
    """The span of an `ast` expression, and its span without parentheses when `ast`
    counts them (a parenthesised tuple, a generator that is a call's only argument)."""
    end_line = node.end_lineno or node.lineno
    start = lines.column(node.lineno, node.col_offset)
    end = lines.column(end_line, node.end_col_offset or 0)
    yield (node.lineno, start, end_line, end)
    if isinstance(node, (ast.Tuple, ast.GeneratorExp)) and \
            lines.char(node.lineno, start) == "(" and lines.char(end_line, end - 1) == ")":
        yield (node.lineno, start + 1, end_line, end - 1)
