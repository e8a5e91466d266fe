"""SYN000 syntax-error: a file that is not valid Python, at CPython's own line and column.

The engine reports it from CPython's parser (synclint/syntax.py), never a walk over the
tree: there is no tree to walk. Like ruff's syntax errors it is always reported, whatever
the selection; `--ignore SYN000` is refused, as it could have no effect.
"""

from __future__ import annotations

from synclint.rule_info import SYNTAX_ERROR
from synclint.rules.base import Example, Rule


class SyntaxErrorRule(Rule):
    code = SYNTAX_ERROR
    name = "syntax-error"
    summary = "A file is not valid Python: CPython's own parser rejects it"
    group = "file errors"

    VALID = [
        "import torch\nx = torch.ones(3)\n",
        # Newer syntax CPython accepts: a match statement, a walrus, f-string nesting.
        "match x:\n    case [a, *rest]:\n        pass\n",
        "if (n := len(xs)) > 3:\n    print(f\"{n!r:>{4}}\")\n",
    ]
    INVALID = [
        Example("def f(:\n    pass\n", count=1),
        Example("x = = 1\n", count=1),
        # Mixed tabs and spaces: CPython's TabError.
        Example("if True:\n        x = 1\n\tx = 2\n", count=1),
    ]

    @classmethod
    def could_match(cls, source: str) -> bool:
        return False  # found by parsing, never by a rule's traversal
