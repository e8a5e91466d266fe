"""SYN112's merged reads of one tensor's elements (`x[0].item()`, `x[1].item()` -> one
`x.tolist()`) where the code fixes the tensor's rank: an elementwise product of a flat
tensor, a `cat` of flat pieces, a slice of one. The fix reads the list without a needless
`.flatten()`, and the fixed function returns what the original returns."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import torch

from synclint.fixer import fix_source

SOURCE = """\
import torch


def scaled(p: torch.Tensor, q: torch.Tensor) -> tuple[float, float]:
    x = p.flatten() * 2
    a = x[0].item()
    b = x[1].item()
    return a, b


def joined(p: torch.Tensor, q: torch.Tensor) -> tuple[float, float]:
    x = torch.cat([p.flatten(), q.flatten()])
    a = x[0].item()
    b = x[3].item()
    return a, b


def sliced(p: torch.Tensor, q: torch.Tensor) -> tuple[float, float]:
    x = p.flatten()[1:]
    a = x[0].item()
    b = x[1].item()
    return a, b
"""
FUNCTIONS = ("scaled", "joined", "sliced")


def _load(source: str) -> dict[str, Callable[..., tuple[float, float]]]:
    namespace: dict[str, object] = {}
    exec(compile(source, "example.py", "exec"), namespace)  # noqa: S102
    return {name: namespace[name] for name in FUNCTIONS}  # type: ignore[misc]


@pytest.fixture(scope="module")
def fixed() -> str:
    result = fix_source(SOURCE, "example.py", ["SYN112"], unsafe=False)
    assert result.error is None and not result.discarded, (result.error, result.discarded)
    return result.text


def test_each_pair_of_reads_becomes_one_list_without_flatten(fixed: str) -> None:
    assert fixed.count("x_list = x.tolist()") == len(FUNCTIONS)
    assert ".item()" not in fixed and "flatten().tolist()" not in fixed


@pytest.mark.parametrize("name", FUNCTIONS)
def test_the_fixed_function_returns_what_the_original_returns(fixed: str, name: str) -> None:
    before, after = _load(SOURCE)[name], _load(fixed)[name]
    for p, q in ((torch.arange(6.0).reshape(2, 3), torch.tensor([7.0, 8.0])),
                 (torch.tensor([1, 2, 3]), torch.tensor([[4], [5]]))):
        expected = before(p, q)
        assert after(p, q) == expected
        assert [type(v) for v in after(p, q)] == [type(v) for v in expected]
