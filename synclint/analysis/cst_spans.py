"""The spans (`model/spans.py`) of a LibCST tree's expressions: one pass of LibCST's code
generation that records where each expression starts and ends (what PositionProvider
computes, without its metadata machinery: DESIGN.md section 7)."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import libcst as cst
from libcst._nodes.internal import CodegenState

from synclint.model.spans import Span

_NEWLINE = re.compile(r"\r\n?|\n")


class CursorState(CodegenState):
    """Code generation that knows where it is: line and column of the next token, brought
    up to date lazily from the tokens appended since the last question."""

    def __init__(self, module: cst.Module) -> None:
        super().__init__(default_indent=module.default_indent,
                         default_newline=module.default_newline)
        self.line, self.column, self.cursor = 1, 0, 0

    def advance(self) -> tuple[int, int]:
        tokens = self.tokens
        line, column = self.line, self.column
        for index in range(self.cursor, len(tokens)):
            token = tokens[index]
            if "\n" in token or "\r" in token:
                segments = _NEWLINE.split(token)
                line += len(segments) - 1
                column = len(segments[-1])
            else:
                column += len(token)
        self.line, self.column, self.cursor = line, column, len(tokens)
        return line, column


class _Positions(CursorState):
    """Code generation that records the start and end of every expression."""

    def __init__(self, module: cst.Module) -> None:
        super().__init__(module)
        self.spans: dict[int, Span] = {}

    def here(self) -> tuple[int, int]:
        return self.advance()

    def record_syntactic_position(  # type: ignore[override]
        self, node: cst.CSTNode, *, start_node: cst.CSTNode | None = None,
        end_node: cst.CSTNode | None = None,
    ) -> contextlib.AbstractContextManager[None]:
        if not isinstance(node, cst.BaseExpression):
            return contextlib.nullcontext()
        return _Record(self, node)


class _Record:
    __slots__ = ("state", "node", "start")

    def __init__(self, state: _Positions, node: cst.CSTNode) -> None:
        self.state, self.node = state, node

    def __enter__(self) -> None:
        self.start = self.state.here()

    def __exit__(self, *exc: Any) -> None:
        if exc[0] is None:
            end = self.state.here()
            self.state.spans[id(self.node)] = (*self.start, *end)


def libcst_spans(module: cst.Module) -> dict[int, Span]:
    """The span of every expression of `module`, by node identity."""
    state = _Positions(module)
    module._codegen(state)
    return state.spans
