"""`.to()`, `.cuda()`, `.eval()` and the like of a project `nn.Module` (or torchmetrics
`Metric`) return the module itself, so the object keeps its class for call resolution
(eleventh draw F3: `fad = FAD().to(device); fad.update(..., sizes)`): its methods are
the class's, and its callers' devices reach them. A tensor's `.to()` stays a tensor, and
a class overriding the method is not assumed to return itself."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import MODULE, TENSOR, Instance
from tests.model.probe import line_of, probe, syncs

SOURCE = """\
import torch
import torchmetrics
from torch import nn


class Metric({base}):
    {override}
    def update(self, sizes: torch.Tensor) -> None:
        for i in range(len(sizes)):
            print(int(sizes[i].item()))


def evaluate(batches: list[list[int]]) -> None:
    metric = {build}
    seen(metric)
    for batch in batches:
        metric.update(torch.tensor(batch))
"""


def _source(build: str, base: str = "torchmetrics.Metric", override: str = "") -> str:
    return SOURCE.format(base=base, build=build, override=override)


@pytest.mark.parametrize("base", ["torchmetrics.Metric", "nn.Module"])
@pytest.mark.parametrize("build", ["Metric().to('cuda')", "Metric().cuda().eval()",
                                   "Metric().float().requires_grad_(False)"])
def test_a_moved_module_keeps_its_class_and_its_callers_host_values(build: str,
                                                                     base: str) -> None:
    source = _source(build, base)
    assert probe(source) == Instance("m:Metric")
    assert syncs(source) == []


def test_the_unmoved_module_too() -> None:
    source = _source("Metric()")
    assert probe(source) == Instance("m:Metric")
    assert syncs(source) == []


def test_a_module_overriding_to_is_not_assumed_to_return_itself() -> None:
    source = _source("Metric().to('cuda')",
                     override="def to(self, device):\n        return [self]\n")
    assert probe(source) != Instance("m:Metric")
    # `update` is not known to be called: its `Tensor` parameter may be on the device.
    assert syncs(source) == [f"SYN101:{line_of(source, 'print(int(')}"]


def test_a_plain_class_is_not_assumed_to_return_itself() -> None:
    source = _source("Metric().to('cuda')", base="object")
    assert probe(source) != Instance("m:Metric")


def test_a_tensors_to_stays_a_tensor() -> None:
    source = "import torch\n\ndef f(x: torch.Tensor) -> None:\n    seen(x.to('cuda'))\n"
    assert probe(source) is TENSOR


JOINED = """\
import torch
from torch import nn


def sequence_loss(n: int) -> nn.Module:
    return nn.NLLLoss(torch.ones(n))


class MixLoss(nn.Module):
    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return nn.functional.nll_loss(x, y)


class Trainer:
    def __init__(self, edit: bool, device: str) -> None:
        if edit:
            self.crit = MixLoss().to(device)
        else:
            self.crit = sequence_loss(3).to(device)

    def update(self, x: torch.Tensor, y: torch.Tensor) -> None:
        seen(self.crit)
"""


def test_a_moved_project_module_joined_with_a_library_module_is_a_module() -> None:
    # Before `.to()` kept the class, both branches were modules; they still are.
    assert probe(JOINED) is MODULE


DECLARED = """\
import typing as tp

import torch
import torchmetrics


class Metric(torchmetrics.Metric):
    def update(self, sizes: torch.Tensor) -> None:
        for i in range(len(sizes)):
            print(int(sizes[i].item()))


def evaluate(batches: list[list[int]], use: bool) -> None:
    metric: {annotation} = None
    if use:
        metric = Metric().to("cuda")
    for batch in batches:
        if metric is not None:
            seen(metric)
            metric.update(torch.tensor(batch))
"""


@pytest.mark.parametrize("annotation", ["tp.Optional[Metric]", "Metric | None"])
def test_an_annotated_none_is_a_placeholder(annotation: str) -> None:
    # audiocraft's `fad: Optional[FrechetAudioDistanceMetric] = None`, then
    # `fad = builders.get_fad(cfg).to(self.device)` in a branch.
    source = DECLARED.replace("{annotation}", annotation)
    assert probe(source) == Instance("m:Metric")
    assert syncs(source) == []
