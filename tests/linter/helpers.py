"""What the per-rule test modules share: the findings of one rule on a dedented snippet."""

from __future__ import annotations

import textwrap

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_source


def rule_findings(code: str, source: str) -> list[Diagnostic]:
    """The findings of rule `code` on `source` (dedented), which must lint without error."""
    output = lint_source(textwrap.dedent(source), "example.py", [code])
    assert output.error is None
    return [d for d in output.diagnostics if d.code == code]
