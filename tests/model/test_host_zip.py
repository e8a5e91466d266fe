"""`zip(*x)` of a host value gives host items (tenth draw F4: `score = score.cpu()`, then
`for s, i in zip(*score.sort(descending=True)): i.item()`); of a device value it does not."""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR
from tests.model.probe import probes, syncs

SORTED = """\
import torch


def update_best_result(score: torch.Tensor, other: torch.Tensor, best: list) -> None:
    score = score{move}
    for s, i in zip(*score.sort(descending=True)):
        seen(i)
        best.append((s.item(), i.item()))
    for a, b in zip(*(score, score * 2)):
        seen(a)
    for a, b in zip(*other.sort()):
        seen(a)
"""


def test_zip_star_of_a_host_tensor_or_tuple_of_them_gives_host_items() -> None:
    source = SORTED.format(move=".cpu()")
    kinds = probes(source)
    assert kinds[:2] == [HOST_TENSOR, HOST_TENSOR]
    assert kinds[2] is not HOST_TENSOR  # `other` is never moved to the host
    assert syncs(source) == []


def test_zip_star_of_a_device_tensor_keeps_its_findings() -> None:
    source = SORTED.format(move=".detach()")
    assert HOST_TENSOR not in probes(source)
    assert syncs(source) == ["SYN101:8", "SYN101:8"]
