"""A tensor a factory makes on `device=x.device` lives where `x` does (issue 22, seventh
draw F1: torchvision's `normalize` builds `std` on the image's device and tests it): a
helper's read of it is a sync only where its caller passes a device tensor for `x`."""

from __future__ import annotations

import pytest

from tests.model.probe import line_of, syncs

HELPER = """\
import torch
from torch import Tensor


def normalize(img: Tensor, mean: list[float], std: list[float]) -> Tensor:
    mean_t = torch.as_tensor(mean, dtype=img.dtype, device={device})
    std_t = torch.as_tensor(std, dtype=img.dtype, device={device})
    if (std_t == 0).any():
        raise ValueError("std is zero")
    return (img - mean_t) / std_t
"""

CALLERS = """\
import numpy as np
import torch

from helpers import normalize


class Net(torch.nn.Module):
    def forward(self, x):
        return normalize(x, [0.5], [0.5])


class Crops(torch.nn.Module):
    def forward(self, path: str):
        img = torch.from_numpy(np.load(path))
        return normalize(img, [0.5], [0.5])
"""


def _syncs(device: str) -> list[str]:
    return syncs({"helpers.py": HELPER.format(device=device), "callers.py": CALLERS},
                 "callers.py")


def test_a_factory_on_the_arguments_device_syncs_only_for_a_device_argument() -> None:
    # The model's unknown input may be on the GPU; the NumPy image is on the host.
    assert _syncs("img.device") == [f"SYN102:{line_of(CALLERS, 'normalize(x')}"]


@pytest.mark.parametrize("device", ["torch.device('cuda')", "'cuda'"])
def test_a_factory_on_another_device_syncs_for_every_caller(device: str) -> None:
    lines = [line_of(CALLERS, "normalize(x"), line_of(CALLERS, "normalize(img")]
    assert sorted(_syncs(device)) == sorted(f"SYN102:{line}" for line in lines)


def test_the_helpers_own_test_is_still_reported() -> None:
    source = HELPER.format(device="img.device")
    assert syncs({"helpers.py": source, "callers.py": CALLERS}, "helpers.py") == [
        f"SYN102:{line_of(source, 'if (std_t')}"]


CRITERIA = """\
import torch


def criteria(canvas: torch.Tensor, logits: torch.Tensor | None) -> torch.Tensor:
    stable = torch.ones(canvas.shape[0], device=logits.device, dtype=torch.bool)
    return stable & (torch.mean(logits, dim=-1) < 0.5)


def finalize(input_ids: torch.Tensor, given) -> None:
    finished = criteria(input_ids, given)
    if torch.any(finished):
        input_ids[finished] = 0
"""


def test_a_none_argument_proves_no_host_result() -> None:
    # transformers generation_diffusion_gemma.py:1099, lost when device=x.device began
    # to follow x: None is no host number, the result comes from elsewhere.
    source = CRITERIA.replace("criteria(input_ids, given)", "criteria(input_ids, None)")
    assert f"SYN102:{line_of(source, 'if torch.any')}" in syncs(source)


@pytest.mark.parametrize("given", ["0.5", "torch.ones(3)"])
def test_a_host_number_or_cpu_tensor_argument_still_proves_a_host_result(given: str) -> None:
    source = CRITERIA.replace("criteria(input_ids, given)", f"criteria(input_ids, {given})")
    assert f"SYN102:{line_of(source, 'if torch.any')}" not in syncs(source)
