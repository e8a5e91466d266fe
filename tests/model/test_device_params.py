"""Devices through calls (issue 22 item 3, fifth draw F2 and M4): a helper whose result is
made on the `device=` its caller passes, and a factory given `**kwargs`; each with the
look-alike that keeps a device."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import HOST_TENSOR, TENSOR
from tests.model.probe import line_of, probe, probes, syncs

HELPER = """\
import torch
{prelude}

def sample(n: int, k: int, device=None) -> torch.Tensor:
    {body}
    if n <= k:
        return torch.arange(n, device=device)
    return torch.randperm(n).to(device)[:k]


def caller(x: torch.Tensor, device: torch.device):
    seen({call})
"""


def helper(call: str, body: str = "pass", prelude: str = "") -> str:
    return HELPER.format(call=call, body=body, prelude=prelude)


@pytest.mark.parametrize("call", ['sample(4, 2, device="cpu")', "sample(4, 2)",
                                  'sample(4, 2, torch.device("cpu"))'])
def test_a_helper_called_with_a_cpu_device_or_its_none_default_returns_cpu(call: str) -> None:
    assert probe(helper(call)) is HOST_TENSOR


@pytest.mark.parametrize("call", ["sample(4, 2, device=x.device)", "sample(4, 2, device)",
                                  'sample(4, 2, device="cuda")'])
def test_a_helper_called_with_another_device_returns_a_device_tensor(call: str) -> None:
    assert probe(helper(call)) is TENSOR


def test_a_helper_that_rebinds_its_device_parameter_is_not_followed() -> None:
    source = helper('sample(4, 2, device="cpu")', body='device = device or "cuda"')
    assert probe(source) is TENSOR


def test_the_none_default_is_not_the_cpu_where_the_file_sets_a_default_device() -> None:
    source = helper("sample(4, 2)", prelude='torch.set_default_device("cuda")')
    assert probe(source) is TENSOR


def test_a_helper_with_a_return_made_elsewhere_is_not_followed() -> None:
    source = """\
import torch


def sample(n: int, like: torch.Tensor, device=None) -> torch.Tensor:
    if n < 0:
        return like
    return torch.arange(n, device=device)


def caller(x: torch.Tensor):
    seen(sample(4, x, device="cpu"))
"""
    assert probe(source) is TENSOR


def test_a_factory_given_kwargs_may_be_on_the_device_they_name() -> None:
    source = """\
import torch


def randperm(n: int, **kwargs) -> torch.Tensor:
    perm = torch.randperm(n, **kwargs)
    seen(perm)
    while torch.equal(perm, torch.arange(n, device=perm.device)):
        perm = torch.randperm(n, **kwargs)
    return perm


def plain(n: int) -> torch.Tensor:
    seen(torch.randperm(n, dtype=torch.long))
"""
    assert syncs(source) == ["SYN101:7"]
    assert probes(source) == [TENSOR, HOST_TENSOR]


CACHE = """\
import torch
from torch import nn


class Cache(nn.Module):
    def __init__(self):
        super().__init__()
        self._cached = torch.empty(1)

    def forward(self, x1, x2):
        seen(self._cached)
        if not torch.equal(x2, self._cached):
            self._cached = {replacement}
        return x1
"""


def test_an_attribute_made_on_the_cpu_and_replaced_by_an_input_may_hold_a_device_tensor() -> None:
    source = CACHE.format(replacement="x2")
    assert probe(source) is not HOST_TENSOR
    assert syncs(source) == [f"SYN101:{line_of(source, 'torch.equal')}"]


@pytest.mark.parametrize("replacement", ["torch.zeros(3)", "x2.cpu()", "None"])
def test_an_attribute_replaced_only_by_cpu_tensors_or_none_stays_on_the_cpu(
        replacement: str) -> None:
    source = CACHE.format(replacement=replacement)
    assert probe(source) is HOST_TENSOR
    assert syncs(source) == []


def test_the_union_does_not_depend_on_the_order_of_the_methods() -> None:
    source = """\
import torch
from torch import nn


class Cache(nn.Module):
    def forward(self, x1, x2):
        seen(self._cached)
        self._cached = x2
        return x1

    def reset(self):
        self._cached = torch.empty(1)
"""
    assert probe(source) is not HOST_TENSOR


PRIVATE = """\
import torch
{prelude}

def {name}(size: int, device=None) -> torch.Tensor:
    mask = torch.zeros(size, device=device)
    seen(mask)
    return mask


def caller(x: torch.Tensor):
    return {name}(3{passed})
"""


@pytest.mark.parametrize(("name", "passed", "prelude", "kind"), [
    ("_mask", "", "", HOST_TENSOR),                    # private, never passed: the CPU
    ("_mask", ", device=x.device", "", TENSOR),        # a call passes a device
    ("_mask", ", x.device", "", TENSOR),
    ("mask", "", "", TENSOR),                          # public: its users pass devices
    ("_mask", "", 'torch.set_default_device("cuda")', TENSOR),
])
def test_a_private_helpers_none_device_is_the_cpu_where_no_call_passes_one(
        name: str, passed: str, prelude: str, kind: object) -> None:
    assert probe(PRIVATE.format(name=name, passed=passed, prelude=prelude)) is kind


def test_an_unknown_value_replaced_later_in_the_same_method_is_not_a_reassignment() -> None:
    source = """\
import torch


class Scheduler:
    def __init__(self, n: int):
        self.set_timesteps(n)

    def set_timesteps(self, n: int):
        self.sigmas = make_sigmas(n)
        self.sigmas = torch.as_tensor(self.sigmas, device="cpu")

    def step(self):
        seen(self.sigmas)
"""
    assert probe(source) is HOST_TENSOR


@pytest.mark.parametrize("replacement", ["make_cache()", "self._cached.to('cpu')",
                                         "torch.as_tensor(x2.tolist())"])
def test_only_an_unannotated_parameter_makes_a_cpu_attribute_unknown(replacement: str) -> None:
    # A value the model cannot type (an unknown helper's result) or one still being
    # solved (the attribute itself) leaves the CPU attribute as it was before issue 22's
    # union; the caller's own value is what M6 is about.
    source = CACHE.format(replacement=replacement)
    assert probe(source) is HOST_TENSOR
