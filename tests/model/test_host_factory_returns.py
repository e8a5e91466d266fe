"""A device-less factory (`torch.ones(n)`) returned on one path is a CPU tensor whatever
the arguments: it leaves the other returns' source alone, so a helper whose other return
is derived from a host argument returns host values (eleventh draw F5). A return made on
the GPU, or a factory in a file that sets a default device, keeps the result maybe-GPU."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST_TENSOR, TENSOR
from tests.model.probe import probes

SOURCE = """\
import torch
{default}

def live_rows(weight: torch.Tensor, threshold: float) -> torch.Tensor:
    row_max = weight.abs().amax(dim=1)
    if threshold == 0.0:
        return {early}
    return row_max >= threshold


def condense(path: str, device_weight: torch.Tensor) -> None:
    state = torch.load(path, map_location="cpu")
    seen(live_rows(state["w"], 0.5))
    seen(live_rows(device_weight, 0.5))
"""


def _kinds(early: str, default: str = "") -> list[object]:
    return list(probes(SOURCE.format(early=early, default=default)))


@pytest.mark.parametrize("early", ["torch.ones(weight.shape[0], dtype=torch.bool)",
                                   "torch.zeros(3)", "torch.tensor([True, False])"])
def test_a_host_factory_early_return_keeps_host_arguments_host(early: str) -> None:
    host, device = _kinds(early)
    assert host is HOST_TENSOR
    assert device is not HOST_TENSOR


@pytest.mark.parametrize("early", ["torch.ones(3, device='cuda')",
                                   "torch.ones(3, device=weight.device).cuda()"])
def test_an_early_return_on_the_gpu_keeps_the_result_maybe_gpu(early: str) -> None:
    host, _ = _kinds(early)
    assert host is not HOST_TENSOR


def test_a_default_device_keeps_factories_maybe_gpu() -> None:
    host, _ = _kinds("torch.ones(3)", default="torch.set_default_device('cuda')\n")
    assert host is not HOST_TENSOR


def test_a_device_argument_gives_a_device_result() -> None:
    _, device = _kinds("torch.ones(3)")
    assert device is TENSOR
