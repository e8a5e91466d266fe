"""`itertools.zip_longest` yields its arguments' elements as `zip` does, and
`pad_sequence` pads tensors into one where they are (eighth draw M3); `pad_packed_sequence`
gives its lengths on the host (fresh18 F2)."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST, HOST_TENSOR, NUMPY, TENSOR, UNKNOWN, Seq
from tests.model.probe import line_of, probe, probes, syncs

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


PADDED = """\
import torch
from torch.nn.utils.rnn import pad_sequence

def f(x: torch.Tensor, samples: list[list[int]]):
    seen(pad_sequence(list(x.split([1, 2])), batch_first=True))
    seen(pad_sequence([torch.tensor(s) for s in samples]))
"""


def test_pad_sequence_is_a_tensor_where_its_sequences_are() -> None:
    assert probes(PADDED) == [TENSOR, HOST_TENSOR]


PAD_PACKED = """\
import torch
from torch import nn

def f(x: torch.Tensor, lengths: list[int], lstm: nn.LSTM):
    out, _ = lstm(nn.utils.rnn.pack_padded_sequence(x, lengths))
    padded, sizes = nn.utils.rnn.pad_packed_sequence(out)
    seen(padded)
    seen(sizes)
"""


def test_pad_packed_sequence_gives_its_lengths_on_the_host() -> None:
    # fresh18 F2: the lengths are a CPU int64 tensor whatever the data's device.
    assert probes(PAD_PACKED) == [TENSOR, HOST_TENSOR]
    # `pad_sequence` gives no such pair: its one result is where its sequences are.
    assert probes(PAD_PACKED.replace("pad_packed_sequence(out)", "pad_sequence([x]), x")) == [
        TENSOR, TENSOR]


GROUPED = """\
from itertools import groupby
import itertools

import torch

def f(y: torch.Tensor, labels: list[int]):
    for key, run in groupby(y):
        seen(key)
    for key, run in itertools.groupby(labels):
        seen(key)
    for key, run in groupby(y, key=lambda t: t > 0):
        seen(key)
        seen(list(run))
"""


def test_groupby_yields_its_arguments_elements_as_keys() -> None:
    # fresh17 M2: a device tensor's elements are device tensors, a list of ints' are
    # ints; a key function's result is not known; the runs hold the argument's elements.
    assert probes(GROUPED) == [TENSOR, HOST, UNKNOWN, Seq(TENSOR)]
