"""Tuple annotations: `tuple[A, B]` and `tuple[A]` are tuples of those items (written
`Tuple[int]` for "a tuple of ints" too: a tuple either way, never a list, so indexing a
tensor with one is basic indexing), `tuple[A, ...]` a sequence of A."""

from __future__ import annotations

from synclint.analysis.kinds import HOST, TENSOR, Seq, Tup
from tests.model.probe import findings, probes


def test_fixed_and_variable_tuple_annotations() -> None:
    source = ("from typing import Tuple\nimport torch\n\n\n"
              "def f(a: Tuple[int], b: tuple[torch.Tensor, int], c: tuple[int, ...]):\n"
              "    seen(a)\n    seen(b)\n    seen(c)\n")
    assert probes(source) == [Tup((HOST,)), Tup((TENSOR, HOST)), Seq(HOST)]


SLICES = """\
from typing import List, Sequence, Tuple

import torch


def groups(n: int) -> Sequence[{item}]:
    return [(slice(i, i + 1),) for i in range(n)]


def chunks(t: torch.Tensor, n: int) -> list:
    return [t[s] for s in groups(n)]
"""


def test_a_tuple_annotated_index_is_no_list_copy() -> None:
    """fresh13 F5 (boltz `_chunk_slice`): `t[s]` for `s` of `Sequence[Tuple[int]]` is a
    view per dimension; of `Sequence[List[int]]` a list copied to the device per step."""
    def codes(item: str) -> list[str]:
        return [f.code for f in findings(SLICES.format(item=item)) if f.code == "SYN109"]

    assert codes("Tuple[int]") == []
    assert codes("List[int]") == ["SYN109"]
