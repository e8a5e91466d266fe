"""Compare fixed code regardless of how it is wrapped: the fixer splits long statements the
way black would, and a test that looks for an expression should not depend on where."""

from __future__ import annotations

import re

_OPENED = re.compile(r"([(\[{])\n[ \t]*")
_CLOSED = re.compile(r",?\n[ \t]*([)\]}])")
_CONTINUED = re.compile(r"\n[ \t]*")


def unwrapped(code: str) -> str:
    """`code` with the line breaks inside brackets removed (and black's trailing commas
    before a closing bracket), as the fixer wrote it before wrapping."""
    out: list[str] = []
    depth = 0
    quote: str | None = None
    start = 0
    pieces: list[tuple[str, bool]] = []
    for index, char in enumerate(code):
        if quote is not None:
            if char == quote and code[index - 1] != "\\":
                quote = None
            continue
        if char in "'\"":
            quote = char
        elif char in "([{":
            if depth == 0:
                pieces.append((code[start:index], False))
                start = index
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                pieces.append((code[start:index + 1], True))
                start = index + 1
    pieces.append((code[start:], False))
    for text, bracketed in pieces:
        if bracketed:
            text = _CONTINUED.sub(" ", _CLOSED.sub(r"\1", _OPENED.sub(r"\1", text)))
        out.append(text)
    return "".join(out)
