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


#: The batched fix's alike form for conditions: the flags moved onto the first one's
#: device, then stacked and read once (what `fix` writes for `if torch.isnan(t).any():`).
ALIKE = """\
import torch


def nan_params(model: torch.nn.Module) -> int:
    nan_flags = [torch.isnan(t).any() for t in model.parameters()]
    nan_flags = [r.to(nan_flags[0].device) for r in nan_flags]
    values = torch.stack(nan_flags){read}
    return len(values)
"""


def test_the_alike_moves_of_a_stack_read_at_once_are_not_reported_by_syn202() -> None:
    fixed = ALIKE.format(read=".tolist() if nan_flags else []")
    assert [d.code for d in lint_source(fixed, "a.py", ["SYN202"]).diagnostics] == []
    # The same moves before a stack that stays on the device are per-tensor copies.
    kept = ALIKE.format(read="")
    assert [d.code for d in lint_source(kept, "a.py", ["SYN202"]).diagnostics] == ["SYN202"]
