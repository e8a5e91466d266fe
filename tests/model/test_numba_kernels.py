"""Functions numba compiles (`@cuda.jit`, `@njit`, `@numba.jit(...)`) read nothing on the
host, whatever their parameters' annotations say (fresh17 F1): no finding in their bodies,
and no sync in their summaries for callers; a decorator of another origin named `jit`
leaves a function Python code."""

from __future__ import annotations

import pytest

from tests.model.probe import findings, line_of
from tests.model.test_summary_syncs import summary_of

SOURCE = '''
import torch
{imports}


@{decorator}
def count(mask: torch.Tensor) -> int:
    n = 0
    for i in range(mask.shape[0]):
        if mask[i]:
            n += int(mask[i].sum())
    return n


def train(masks: list[torch.Tensor]) -> int:
    total = 0
    for mask in masks:
        total += count(mask.cuda())
    return total
'''

NUMBA = [
    ("from numba import cuda", "cuda.jit()"),
    ("from numba import cuda", "cuda.jit"),
    ("from numba import njit", "njit"),
    ("import numba", "numba.jit(nopython=True)"),
    ("import numba as nb", "nb.njit(cache=True)"),
    ("from numba import jit", "jit"),
]


@pytest.mark.parametrize(("imports", "decorator"), NUMBA)
def test_a_function_numba_compiles_reads_nothing_on_the_host(imports: str,
                                                             decorator: str) -> None:
    source = SOURCE.format(imports=imports, decorator=decorator)
    assert findings(source) == []
    summary = summary_of(source, "count")
    assert summary.syncs == () and summary.param_effects == ()


@pytest.mark.parametrize(("imports", "decorator"), [
    ("from mylib import jit", "jit"),                  # not numba's
    ("import torch.jit", "torch.jit.unused"),         # torch's: runs as Python
    ("from numba import cuda", "cuda.autojit_like"),  # not a compiler
])
def test_other_decorators_leave_the_body_python(imports: str, decorator: str) -> None:
    source = SOURCE.format(imports=imports, decorator=decorator)
    rows = {d.location.row for d in findings(source)}
    assert line_of(source, "if mask[i]:") in rows
    assert line_of(source, "count(mask.cuda())") in rows
