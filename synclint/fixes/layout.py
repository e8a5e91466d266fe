"""Lay out generated statements the way black would: one line when it fits, otherwise split
at the last bracket, then at commas, comprehension clauses or a conditional's keywords."""

from __future__ import annotations

from collections.abc import Iterator

#: Black's default, used when the project configures nothing.
DEFAULT_LINE_LENGTH = 88
_PAIRS = {"(": ")", "[": "]", "{": "}"}


def statement(head: str, expr: str, *, indent: str, unit: str = "    ",
              line_length: int = DEFAULT_LINE_LENGTH, tail: str = "") -> list[str]:
    """`head + expr` (for example `"values = "` and the expression), as lines relative to
    `indent` (the first line carries no indentation: the caller places it)."""
    lines = _wrap(head, expr, tail, 0, indent, unit, line_length)
    return [lines[0].lstrip(), *lines[1:]]


def _fits(text: str, depth: int, indent: str, unit: str, limit: int) -> bool:
    return len(indent) + len(unit) * depth + len(text) <= limit


def _wrap(head: str, expr: str, tail: str, depth: int, indent: str, unit: str,
          limit: int) -> list[str]:
    pad = unit * depth
    if _fits(head + expr + tail, depth, indent, unit, limit):
        return [pad + head + expr + tail]
    opener = _last_bracket(expr)
    if opener is not None and opener < len(expr) - 2:
        inner = expr[opener + 1:-1]
        body = _split(inner, depth + 1, indent, unit, limit)
        return [pad + head + expr[:opener + 1], *body, pad + expr[-1] + tail]
    if head.endswith("= ") or head.endswith("return ") or (
            not head and _keyword_positions(expr, comprehension=False)):
        # Black puts a long right-hand side, or a long conditional expression in a
        # collection, in parentheses and splits inside them.
        body = _split(expr, depth + 1, indent, unit, limit)
        return [pad + head + "(", *body, pad + ")" + tail]
    return [pad + head + expr + tail]


def _split(inner: str, depth: int, indent: str, unit: str, limit: int) -> list[str]:
    """The inside of a split bracket: on one line if it fits, else one part per line."""
    pad = unit * depth
    if _fits(inner, depth, indent, unit, limit):
        return [pad + inner]
    keywords = _keyword_positions(inner, comprehension=True)
    if keywords:
        parts = [p.strip() for p in _cut(inner, keywords, 0)]
        return [line for part in parts
                for line in _wrap("", part, "", depth, indent, unit, limit)]
    commas = _top_level(inner, ",")
    if commas:
        parts = [p.strip() for p in _cut(inner, commas, 1)]
        parts = [p for p in parts if p]
        return [line for part in parts
                for line in _wrap("", part, ",", depth, indent, unit, limit)]
    keywords = _keyword_positions(inner, comprehension=False)
    if keywords:
        parts = [p.strip() for p in _cut(inner, keywords, 0)]
        return [line for part in parts
                for line in _wrap("", part, "", depth, indent, unit, limit)]
    return _wrap("", inner, "", depth, indent, unit, limit)


def _cut(text: str, positions: list[int], skip: int) -> Iterator[str]:
    start = 0
    for position in positions:
        yield text[start:position]
        start = position + skip
    yield text[start:]


def _scan(text: str) -> Iterator[tuple[int, str, int]]:
    """(index, character, bracket depth) of every character outside string literals."""
    depth = 0
    quote: str | None = None
    for index, char in enumerate(text):
        if quote is not None:
            if char == quote and text[index - 1] != "\\":
                quote = None
            continue
        if char in "'\"":
            quote = char
            continue
        if char in _PAIRS:
            yield index, char, depth
            depth += 1
            continue
        if char in ")]}":
            depth -= 1
        yield index, char, depth


def _top_level(text: str, wanted: str) -> list[int]:
    return [index for index, char, depth in _scan(text) if char == wanted and depth == 0]


def _keyword_positions(text: str, *, comprehension: bool) -> list[int]:
    """Where the clauses of a comprehension (` for ` and the ` if `s after it) start, or
    the ` if ` and ` else ` of a conditional expression (black splits comprehensions
    before commas, and conditionals after them)."""
    top = {index for index, _, depth in _scan(text) if depth == 0}

    def find(word: str) -> list[int]:
        found = []
        start = text.find(word)
        while start != -1:
            if start in top and start + len(word) - 1 in top:
                found.append(start + 1)
            start = text.find(word, start + 1)
        return found

    fors = find(" for ")
    ifs = find(" if ")
    if comprehension:
        if not fors:
            return []
        return sorted([*fors, *(i for i in ifs if i > fors[0])])
    return sorted([*ifs, *find(" else ")])


def _last_bracket(expr: str) -> int | None:
    """The index of the opening bracket whose closing bracket ends `expr`."""
    if not expr or expr[-1] not in ")]}":
        return None
    stack: list[int] = []
    opener: int | None = None
    for index, char, _ in _scan(expr):
        if char in _PAIRS:
            stack.append(index)
        elif char in ")]}" and stack:
            opener = stack.pop()
    return opener
