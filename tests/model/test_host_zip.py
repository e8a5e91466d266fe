"""`zip(*x)` of a host value gives host items (tenth draw F4: `score = score.cpu()`, then
`for s, i in zip(*score.sort(descending=True)): i.item()`); of a device value, device items
(fresh17 M4: `for logp, k in zip(*top_k): float(logp)` with `top_k = logp.topk(k)`)."""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR, TENSOR
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


TOPK = """\
import torch


def beam(logp: torch.Tensor, beam_k: int, score: float) -> list:
    logp = logp{move}
    hyps = []
    top_k = logp[1:].topk(beam_k)
    for lp, k in zip(*top_k):
        seen(lp)
        hyps.append(score + float(lp))
    for a, b in zip(*(logp, logp * 2)):
        seen(b)
    return hyps
"""


def test_zip_star_of_a_device_result_gives_device_items() -> None:
    source = TOPK.format(move=".cuda()")
    assert probes(source) == [TENSOR, TENSOR]
    assert syncs(source) == ["SYN101:10"]


def test_zip_star_of_the_same_result_on_the_host_reads_nothing() -> None:
    source = TOPK.format(move=".cpu()")
    assert probes(source) == [HOST_TENSOR, HOST_TENSOR]
    assert syncs(source) == []
