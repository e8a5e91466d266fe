"""A `-> torch.Tensor` return annotation gives callers a tensor, except where the body
proves it wrong: every return a list (fresh17 F3: a list of Python ints built token by
token), as a tuple of several values or a host value computed in the body already do."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST, TENSOR, UNKNOWN, Seq
from tests.model.probe import probes
from tests.model.test_summary_syncs import summary_of

SOURCE = """\
import torch


def helper(model, x: torch.Tensor) -> torch.Tensor:
    {body}


def caller(model, x: torch.Tensor) -> None:
    seen(helper(model, x))
"""


@pytest.mark.parametrize(("body", "kind"), [
    # (a nested list's appends are not followed: its rows stay unknown)
    ("out = [[] for _ in range(8)]\n    out[0].append(x.tolist()[0])\n    return out",
     Seq(Seq(UNKNOWN))),
    ("return [int(v) for v in x.tolist()]", Seq(HOST)),
    ("return list(x.unbind(0))", Seq(TENSOR)),
])
def test_a_body_that_returns_lists_wins_over_a_tensor_annotation(body: str, kind: object) -> None:
    source = SOURCE.format(body=body)
    assert summary_of(source, "helper").returns == kind
    assert probes(source) == [kind]


@pytest.mark.parametrize("body", [
    "return model.generate(x.cuda())",                      # unresolved: the annotation
    "if x.dim():\n        return [x]\n    return x.cuda()",  # a list on one path only
])
def test_otherwise_the_annotation_holds(body: str) -> None:
    assert probes(SOURCE.format(body=body)) == [TENSOR]
