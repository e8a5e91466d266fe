"""A fix as a rule proposes it, in terms of syntax nodes (the engine turns it into edits).

Fix builders return these; rules pass them on. They live with the fixes so that rules may
import fixes and fixes never import rules."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from synclint.diagnostics import Applicability


@dataclass(frozen=True)
class Replacement:
    """Replace the source of `node` with `code` (or insert `code` before it)."""

    node: cst.CSTNode
    code: str
    #: "replace" the node, or insert before / after the whole node, or "delete" the lines
    #: of a statement that is alone on them.
    mode: str = "replace"
    #: With "replace": replace from `node`'s start to the end of this later node instead
    #: (several consecutive statements become one).
    through: cst.CSTNode | None = None


@dataclass(frozen=True)
class PendingFix:
    """A fix as a rule proposes it: in terms of nodes; the engine turns it into edits."""

    applicability: Applicability
    message: str
    replacements: tuple[Replacement, ...]
    #: Modules the fixed code needs imported (`import torch`).
    imports: tuple[str, ...] = ()
    #: The rewrite is one Dynamo traces without a break (`output_size=`, `torch.where`,
    #: `torch._assert_async` ...): it may be applied in code `torch.compile` runs.
    compile_safe: bool = False
