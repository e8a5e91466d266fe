"""Where the code does not fix a tensor's rank, the `.tolist()` forms read one value per
row with `t.reshape(len(t))` (`t.reshape(t.shape[:2])` for rows unpacked into names): on
every input where each row holds one value they give what the reads gave, and a tensor
with rows of several values raises, as the reads (`.item()` of a `(1, 2)` row) did.
`.flatten()` returned values there instead: `stats[1].item()` of a `(2, 2)` tensor raised,
`stats.flatten().tolist()[1]` was `stats[0, 1]`."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

import pytest
import torch

from synclint.fixer import fix_source

#: k-diffusion's gradient noise scale, reduced: two statistics stacked and read.
MERGED = """\
import torch


def f(small: torch.Tensor, large: torch.Tensor) -> tuple[float, float]:
    stats = torch.stack([small, large])
    return stats[0].item(), stats[1].item()
"""
ITERATED = """\
import torch


def f(scores: torch.Tensor) -> list[float]:
    column = scores.sum(dim=1, keepdim=True)
    return [s.item() for s in column]
"""
UNPACKED = """\
import torch


def f(matches: torch.Tensor) -> dict[int, int]:
    pairs = torch.unique(matches, dim=0)
    first = {}
    for row, col in pairs:
        first.setdefault(row.item(), col.item())
    return first
"""


def _fixed(source: str, code: str) -> str:
    result = fix_source(source, "m.py", [code], unsafe=False)
    assert result.error is None and not result.discarded, result.discarded
    assert result.fixed.get(code), result.fixed
    return result.text


def _outcome(text: str, *args: torch.Tensor) -> object:
    namespace: dict[str, object] = {}
    exec(compile(textwrap.dedent(text), "m.py", "exec"), namespace)  # noqa: S102
    function = namespace["f"]
    assert callable(function)
    try:
        return function(*args)
    except Exception as exc:  # noqa: BLE001  # both versions must raise alike
        return type(exc)


CASES: list[tuple[str, str, str, Callable[[], list[tuple[torch.Tensor, ...]]]]] = [
    (MERGED, "SYN112", "stats.reshape(len(stats)).tolist()", lambda: [
        (torch.tensor(2.0), torch.tensor(3.0)),            # 0-d statistics
        (torch.tensor([2.0]), torch.tensor([3.0])),        # rows of one value
        (torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])),  # rows of two: both raise
    ]),
    (ITERATED, "SYN101", "column.reshape(len(column)).tolist()", lambda: [
        (torch.randn(4, 3),), (torch.ones(0, 2),),
        (torch.randn(2, 3, 2),),                           # rows of two: both raise
        (torch.randn(0, 3, 2),),                           # no rows: neither reads
    ]),
    (UNPACKED, "SYN101", "pairs.reshape(pairs.shape[:2]).tolist()", lambda: [
        (torch.tensor([[1, 2], [1, 3], [0, 5]]),), (torch.tensor([[[1], [2]]]),),
        (torch.tensor([[[1, 2], [3, 4]]]),),               # elements of two: both raise
        (torch.tensor([[1, 2, 3]]),),                      # three to unpack: both raise
    ]),
]


@pytest.mark.parametrize(("source", "code", "form", "inputs"), CASES,
                         ids=["merged", "iterated", "unpacked"])
def test_rows_of_several_values_raise_as_the_reads_did(
        source: str, code: str, form: str,
        inputs: Callable[[], list[tuple[torch.Tensor, ...]]]) -> None:
    fixed = _fixed(source, code)
    assert form in fixed and ".flatten(" not in fixed
    raised = 0
    for args in inputs():
        before, after = _outcome(source, *args), _outcome(fixed, *args)
        assert before == after, (args, before, after)
        raised += isinstance(before, type)
    assert raised >= 1  # a malformed input is among them


MODULE = """\
import torch
from torch import nn


class Checker(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.weights = nn.Parameter(torch.ones(3), requires_grad=False)
        {extra}

    def forward(self, dist: list[float]) -> list[float]:
        out = []
        for k in range(len(dist)):
            out.append(dist[k] - self.weights[k].item())
        return out
"""


@pytest.mark.parametrize(("extra", "form"), [
    ("pass", "weights = self.weights.tolist()"),
    ("self.weights.unsqueeze_(1)", "weights = self.weights.flatten().tolist()"),
    ("self.weights.data = torch.ones(3, 1)", "weights = self.weights.flatten().tolist()"),
])
def test_a_parameter_keeps_the_rank_its_class_gives_it(extra: str, form: str) -> None:
    """`nn.Parameter(torch.ones(3))` is 1-D (a checkpoint loaded into it keeps its shape):
    its list needs no flatten, and the fix is safe; where the class may reshape it, the
    rank is not known (the list is flattened, and unsafe)."""
    source = MODULE.replace("{extra}", extra)
    safe = fix_source(source, "m.py", ["SYN101"], unsafe=False)
    unsafe = fix_source(source, "m.py", ["SYN101"], unsafe=True)
    if extra == "pass":
        assert form in safe.text
    else:
        assert form not in safe.text and form in unsafe.text
