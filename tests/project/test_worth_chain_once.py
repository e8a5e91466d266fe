"""One read reached through several calls in loops is reported once, at the innermost
per-step call that reaches it (issue 22, sixth draw #57/#58: pykeen's `loss.item()` was
reported at `_forward_pass`'s call in `_train_epoch` and again at `_train_epoch`'s call in
`_train`). A loop in cold code reports nothing, so its callers still report the chain."""

from __future__ import annotations

from tests.project.test_fresh4_roles import row_of
from tests.project.test_library_roles import findings

LOOP = """\
import torch


class TrainingLoop:
    def __init__(self, model: torch.nn.Module):
        self.model = model

    def _forward_pass(self, batch: torch.Tensor) -> float:
        loss = self.model(batch).sum()
        loss.backward()
        return loss.item()

    def _train_epoch(self, batches: list[torch.Tensor]) -> float:
        total = 0.0
        for batch in batches:
            total += self._forward_pass(batch)
        return total

    def _train(self, batches: list[torch.Tensor], num_epochs: int) -> list[float]:
        losses = []
        for _ in range(num_epochs):
            try:
                losses.append(self._train_epoch(batches))
            except RuntimeError:
                break
        return losses

    def train(self, batches: list[torch.Tensor]) -> None:
        while True:
            self._train(batches, 1)

    def save_all(self, batches: list[torch.Tensor]) -> None:
        for batch in batches:
            self._forward_pass(batch)

    def step_all(self, batches: list[torch.Tensor]) -> float:
        return self._forward_pass(batches[0])


def run(loop: TrainingLoop, batches: list[torch.Tensor]) -> None:
    for step in range(10):
        loop.save_all(batches)
        loop.step_all(batches)
"""


def test_a_chain_is_reported_once_at_the_innermost_call_in_a_loop() -> None:
    found = [d for d in findings(training_loop=LOOP) if d.code == "SYN101"]
    rows = [d.location.row for d in found]
    assert rows == [row_of(LOOP, "total += self._forward_pass"),
                    row_of(LOOP, "loop.save_all(batches)"),
                    row_of(LOOP, "loop.step_all(batches)")]
    inner = found[0]
    assert [r.location.row for r in inner.related] == [row_of(LOOP, "return loss.item()")]


def test_the_caller_of_a_cold_loop_keeps_the_whole_chain_in_related() -> None:
    found = [d for d in findings(training_loop=LOOP) if d.code == "SYN101"]
    save = next(d for d in found if d.location.row == row_of(LOOP, "loop.save_all"))
    assert [r.location.row for r in save.related] == [
        row_of(LOOP, "            self._forward_pass(batch)"), row_of(LOOP, "return loss.item()")]


PASSED_ON = """\
import torch
from torch import nn


class Detector(nn.Module):
    @staticmethod
    def _key(ids, index):
        return tuple(ids[index].tolist())

    def cached(self, ids):
        keys = []
        for index in range(len(ids)):
            keys.append(self._key(ids, index))
        return keys

    def forward(self, ids: torch.Tensor):
        return self.cached(ids)
"""


def test_a_loop_that_passes_an_unknown_parameter_on_leaves_the_report_to_its_caller() -> None:
    # The call in `cached`'s loop cannot tell that `ids` is a tensor, so it reports
    # nothing; `forward`'s call, which passes a tensor, reports the chain.
    found = [d for d in findings(detector=PASSED_ON) if d.code == "SYN101"]
    assert [d.location.row for d in found] == [row_of(PASSED_ON, "return self.cached(ids)")]
