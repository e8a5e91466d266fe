"""Where the batched fix is refused, the finding's help says why in words that name the
code: a loop that writes an element before it reads it is told which element."""

from __future__ import annotations

from synclint.engine import lint_source
from synclint.fixer import fix_source

SOURCE = """\
import torch


def clip(rows: list[torch.Tensor]) -> list[float]:
    out = []
    for s in rows:
        s[0] = s[1]
        out.append(s[0].item())
    return out
"""


def test_a_write_before_the_read_is_named_in_the_help() -> None:
    (finding,) = [d for d in lint_source(SOURCE, "a.py", ["SYN101"]).diagnostics
                  if d.code == "SYN101"]
    assert finding.fix is None
    assert finding.help is not None
    assert "the loop assigns to `s[0]`" in finding.help and "None" not in finding.help
    result = fix_source(SOURCE, "a.py", ["SYN101"], unsafe=True)
    assert result.text == SOURCE  # nothing written where the fix is refused
