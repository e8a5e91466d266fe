"""One loop's analysis for the batched fix: its state and the parts that read it (shapes,
values, the walk over its body, the checks, the writer), built together."""

from __future__ import annotations

import libcst as cst

from synclint.analysis.walker import Context
from synclint.fixes.batched_anchor import Anchor
from synclint.fixes.batched_checks import Checks
from synclint.fixes.batched_model import FileState, LoopState
from synclint.fixes.batched_shapes import Shapes
from synclint.fixes.batched_values import Values
from synclint.fixes.batched_walk import BodyWalker
from synclint.fixes.batched_write import Writer

__all__ = ["LoopAnalysis"]


class LoopAnalysis:
    """The analysis of the loop `node` (a `for` statement or a comprehension): `loop` holds
    what is known of it, the others answer questions about it or add to it."""

    def __init__(self, ctx: Context, file: FileState, node: cst.CSTNode,
                 ancestors: list[cst.CSTNode]) -> None:
        assert isinstance(node, (cst.For, cst.ListComp, cst.SetComp, cst.GeneratorExp,
                                 cst.DictComp))
        self.loop = LoopState(ctx, file, node, ancestors)
        self.shapes = Shapes(self.loop)
        self.values = Values(self.loop, self.shapes)
        self.walker = BodyWalker(self.loop, self.values, self.shapes)
        self.checks = Checks(self.loop, self.values, self.shapes)
        self.anchor = Anchor(self.loop)
        self.writer = Writer(self.loop, self.values, self.shapes, self.checks)
