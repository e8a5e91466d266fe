"""`torch.tensor(i == 0) if isinstance(i, int) else i == 0` (nerfstudio's
`Cameras.generate_rays`, fresh12 #55): a conditional expression one branch of which is a
host value keeps the other's tie to a parameter, so what each caller passes decides
whether a test of it syncs; both branches on the host (a CPU tensor or a Python value) give
a host value; and a parameter every caller passes a host value is never narrowed to the
tensor member of its union annotation."""

from __future__ import annotations

from synclint.analysis.kinds import DEVICE_TENSORS, HOST, HOST_TENSOR
from synclint.model.project import build_project
from tests.model.probe import findings, probes

HELPER = """\
from typing import Union

import torch
from torch import Tensor


def check(i: Union[Tensor, int]) -> int:
    assert torch.all(torch.tensor(i == 0) if isinstance(i, int) else i == 0)
    return 1


def render(n: int, t: Tensor) -> list:
    t = t.cuda()
    return [{call} for _ in range(n)]
"""


def test_the_test_is_the_caller_s_to_decide() -> None:
    project = build_project({"m.py": HELPER.format(call="check(0)")}, {"m.py": "m"})
    summary = project.summaries["m:check"]
    assert not summary.syncs
    assert [(p.name, p.effect.code) for p in summary.param_effects] == [("i", "SYN102")]


def test_a_caller_passing_ints_reads_nothing_and_one_passing_a_tensor_syncs() -> None:
    assert findings(HELPER.format(call="check(0)")) == []
    found = [(f.code, f.location.row) for f in findings(HELPER.format(call="check(t[0])"))]
    assert ("SYN102", 14) in found


def test_both_branches_on_the_host_give_a_host_value() -> None:
    source = ("import torch\n\n\ndef f(flag: bool, n: int):\n"
              "    seen(torch.tensor([n]) if flag else n)\n"
              "    seen(torch.tensor([n]).cuda() if flag else n)\n")
    first, second = probes(source)
    assert first is HOST_TENSOR and second not in (HOST, HOST_TENSOR)


def test_a_host_argument_is_not_narrowed_to_the_union_s_tensor() -> None:
    source = HELPER.format(call="check(0)").replace(
        "    assert torch.all(", "    seen(i if isinstance(i, int) else i)\n    assert torch.all(")
    assert probes(source) == [HOST]
    with_tensor = HELPER.format(call="check(t[0])").replace(
        "    assert torch.all(", "    seen(i if not isinstance(i, int) else None)\n"
        "    assert torch.all(")
    assert probes(with_tensor)[0] in DEVICE_TENSORS


def test_a_host_value_s_own_tie_is_not_kept() -> None:
    # diffusers' unidiffuser `generate_beam`: `logits / (temperature if temperature > 0
    # else 1.0)` is the device logits scaled by a Python float; the test of what follows
    # from them is the function's own sync, not a test of `temperature` (a float at every
    # call, which would hide it).
    source = """\
import torch


def beam(n: int, temperature: float = 1.0) -> torch.Tensor:
    x = torch.randn(n, device="cuda")
    for _ in range(4):
        x = x / (temperature if temperature > 0 else 1.0)
        if (x > 0).all():
            break
    return x
"""
    project = build_project({"m.py": source}, {"m.py": "m"})
    summary = project.summaries["m:beam"]
    assert [e.code for e in summary.syncs] == ["SYN102"]
    assert summary.param_effects == ()


def test_a_tie_through_a_branch_that_is_no_tensor_is_not_kept() -> None:
    # torch's `_get_value`: for a tensor the `.item()` branch runs; the other branch is the
    # argument when it is no tensor. The caller's tensor never comes back (a false SYN108
    # on `max(1, step - t0)` in torch's ASGD while the tie was kept).
    source = """\
import torch


def _get_value(x):
    return x.item() if isinstance(x, torch.Tensor) else x


def step_of(t: torch.Tensor, t0: int) -> float:
    t = t.cuda()
    step = _get_value(t)
    seen(step)
    return 1 / max(1, step - t0)
"""
    assert probes(source)[0] not in DEVICE_TENSORS
    assert [f.code for f in findings(source) if f.code == "SYN108"] == []
