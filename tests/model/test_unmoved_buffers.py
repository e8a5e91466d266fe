"""A buffer made on the host stays there in a module nothing moves: botorch's acquisition
functions (`knowledge.botorch`, `Class.unmoved`; eighth draw F3). Any other module's
buffer moves with it, and a buffer registered from a device tensor is one."""

from __future__ import annotations

import pytest

from synclint import knowledge
from synclint.analysis.kinds import HOST_TENSOR, TENSOR
from tests.model.probe import probe

ACQUISITION = """\
import torch
from {module} import {base}


class Weighted({base}):
    def __init__(self, flag: bool, best: torch.Tensor):
        super().__init__()
        self.register_buffer("flag", {value})
        self.register_buffer("best", best)

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        seen(self.flag)
        return X
"""


@pytest.mark.parametrize(("module", "base", "value", "kind"), [
    ("botorch.acquisition", "AcquisitionFunction", "torch.tensor(flag)", HOST_TENSOR),
    ("botorch.acquisition.acquisition", "AcquisitionFunction", "torch.full((3,), 1e-3)",
     HOST_TENSOR),
    ("botorch.acquisition", "AcquisitionFunction", "best.max()", TENSOR),
    ("torch.nn", "Module", "torch.tensor(flag)", TENSOR),
])
def test_a_buffer_s_device(module: str, base: str, value: str, kind: object) -> None:
    assert probe(ACQUISITION.format(module=module, base=base, value=value)) is kind


def test_only_acquisition_functions_are_never_moved() -> None:
    assert knowledge.never_moved(["botorch.acquisition.monte_carlo.AcquisitionFunction"])
    assert not knowledge.never_moved(["botorch.models.SingleTaskGP", "torch.nn.Module"])
