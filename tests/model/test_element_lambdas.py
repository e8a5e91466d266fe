"""A lambda given to `map`, `filter` or as a `key=` runs where it is given, once per
element, with its parameters bound to the elements' kinds (eighth draw M2)."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST, TENSOR, UNKNOWN
from tests.model.probe import line_of, probe, syncs

MAPPED = """\
import torch

def f(a: torch.Tensor, b: torch.Tensor, n: int):
    for _ in range(n):
        x, y = map(lambda t: t.item(), (a, b))
"""


def test_a_mapped_lambda_reads_each_tensor_in_the_loop() -> None:
    assert syncs(MAPPED) == [f"SYN101:{line_of(MAPPED, 'map(')}"]


def test_a_mapped_lambda_s_parameter_takes_the_elements_kind() -> None:
    assert probe(MAPPED.replace("t.item()", "seen(t)")) is TENSOR


@pytest.mark.parametrize("call", [
    "sorted((a, b), key=lambda t: t.sum().item())",
    "max(a, b, key=lambda t: t.sum().item())",
    "min([a, b], key=lambda t: t.sum().item())",
    "list(filter(lambda t: t.sum().item() > 0, [a, b]))",
])
def test_keys_and_filters_read_each_tensor(call: str) -> None:
    source = MAPPED.replace("map(lambda t: t.item(), (a, b))", call).replace("x, y", "z")
    assert syncs(source) == [f"SYN101:{line_of(source, 'lambda')}"]


def test_mapped_host_numbers_read_nothing() -> None:
    source = MAPPED.replace("a: torch.Tensor, b: torch.Tensor", "a: float, b: float")
    assert syncs(source) == []
    assert probe(source.replace("t.item()", "seen(t)")) is HOST


def test_a_lambda_kept_for_later_still_runs_when_called() -> None:
    source = MAPPED.replace("x, y = map(lambda t: t.item(), (a, b))",
                            "read = lambda t: seen(t)")
    assert probe(source) is UNKNOWN
    assert syncs(source.replace("seen(t)", "t.item()")) == []
