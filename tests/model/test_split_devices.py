"""Pieces of a tensor (`torch.split`, `chunk`, `unbind`, `tensor_split`, `hsplit` ...)
live where the split tensor lives, whatever the other arguments (fresh3 F1: a CPU
tensor split by a list of sizes was taken for device pieces)."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST_TENSOR, TENSOR, Kind, Seq
from tests.model.probe import probes

SOURCE = """\
import torch


def f(gpu: torch.Tensor, sizes: list[int]):
    cpu = torch.tensor([1, 2, 3, 4])
    seen({call})
"""

CASES = [
    ("torch.split(cpu, [1, 3])", Seq(HOST_TENSOR)),
    ("torch.split(cpu, sizes)", Seq(HOST_TENSOR)),
    ("torch.split(cpu, 2)", Seq(HOST_TENSOR)),
    ("torch.chunk(cpu, 2)", Seq(HOST_TENSOR)),
    ("torch.unbind(cpu)", Seq(HOST_TENSOR)),
    ("torch.tensor_split(cpu, [1, 2])", Seq(HOST_TENSOR)),
    ("torch.hsplit(cpu, [1])", Seq(HOST_TENSOR)),
    ("cpu.split([1, 3])", Seq(HOST_TENSOR)),
    # Look-alikes: a device tensor's pieces are device tensors, size lists or not.
    ("torch.split(gpu, [1, 3])", Seq(TENSOR)),
    ("torch.split(gpu, sizes)", Seq(TENSOR)),
    ("torch.chunk(gpu, 2)", Seq(TENSOR)),
    ("torch.unbind(gpu)", Seq(TENSOR)),
    ("torch.tensor_split(gpu, [1, 2])", Seq(TENSOR)),
    ("gpu.split([1, 3])", Seq(TENSOR)),
    # Joining functions still follow all their tensors.
    ("torch.broadcast_tensors(cpu, gpu)", Seq(TENSOR)),
]


@pytest.mark.parametrize(("call", "kind"), CASES, ids=[c for c, _ in CASES])
def test_pieces_live_where_the_split_tensor_lives(call: str, kind: Kind) -> None:
    assert probes(SOURCE.format(call=call)) == [kind]
