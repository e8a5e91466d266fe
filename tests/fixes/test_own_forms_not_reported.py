"""The batched fix's own form, one `.tolist()` that a loop iterates (directly, through
`enumerate` or `zip`), is not reported again as a read in the enclosing loop: a fixed file
checked again gives no new finding. The same read used otherwise still is."""

from __future__ import annotations

import pytest

from synclint.engine import lint_source

CODE = "SYN101"
LOOP = """\
import torch


def flags(model: torch.nn.Module) -> list[int]:
    out = []
    for step in range(10):
        scores = model(torch.ones(3))
        {inner}
    return out
"""


@pytest.mark.parametrize("inner", [
    "for v in scores.tolist():\n            out.append(int(v > 0))",
    "for i, v in enumerate(scores.tolist()):\n            out.append(i if v > 0 else -i)",
    "for a, b in zip(scores.tolist(), range(3)):\n            out.append(int(a > b))",
], ids=["direct", "enumerate", "zip"])
def test_a_list_a_loop_iterates_is_not_reported(inner: str) -> None:
    source = LOOP.format(inner=inner)
    assert [d for d in lint_source(source, "a.py", [CODE]).diagnostics if d.code == CODE] == []


def test_the_same_read_kept_as_a_value_is_reported() -> None:
    source = LOOP.format(inner="out.extend(scores.tolist())")
    found = [d for d in lint_source(source, "a.py", [CODE]).diagnostics if d.code == CODE]
    assert [(d.location.row, d.code) for d in found] == [(8, CODE)]
