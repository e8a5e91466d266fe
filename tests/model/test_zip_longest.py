"""`itertools.zip_longest` yields its arguments' elements as `zip` does (eighth draw M3)."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import NUMPY, TENSOR
from tests.model.probe import line_of, probe, syncs

ZIPPED = """\
import itertools
from itertools import zip_longest

import torch

def f(seq: torch.Tensor, lengths: torch.Tensor):
    out = []
    for row, length in {call}(seq, lengths):
        out.append(row.split(length.tolist()))
    return out
"""


@pytest.mark.parametrize("call", ["zip_longest", "itertools.zip_longest"])
def test_rows_zipped_longest_are_read_in_the_loop(call: str) -> None:
    source = ZIPPED.format(call=call)
    assert syncs(source) == [f"SYN101:{line_of(source, 'tolist')}"]
    assert probe(source.replace("length.tolist()", "seen(length)")) is TENSOR


def test_numpy_arrays_zipped_longest_stay_host_arrays() -> None:
    source = ZIPPED.format(call="zip_longest").replace(
        "seq: torch.Tensor, lengths: torch.Tensor", "seq: list[str], lengths: list[np.ndarray]"
    ).replace("import torch\n", "import numpy as np\nimport torch\n")
    assert syncs(source) == []
    assert probe(source.replace("length.tolist()", "seen(length)")) is NUMPY
