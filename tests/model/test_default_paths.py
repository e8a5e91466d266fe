"""A guard that holds with the parameters' defaults (issue 22, M4): `if eps == -1.0:`
with `eps: float = -1.0` is the path a call takes unless its caller sets `eps`, so a
helper's read under it counts at every call, whatever the call passes. The other branch
still waits for a caller that passes a setting; `is None` tests stay "given or not"."""

from __future__ import annotations

import ast

import pytest

from synclint.model.settings import default_path
from tests.model.probe import findings


def taken(signature: str, test: str) -> bool | None:
    function = ast.parse(f"def f({signature}):\n    if {test}:\n        pass\n").body[0]
    assert isinstance(function, ast.FunctionDef)
    (statement,) = function.body
    assert isinstance(statement, ast.If)
    return default_path(statement.test, function)


@pytest.mark.parametrize(("signature", "test", "branch"), [
    ("x, eps: float = -1.0", "eps == -1.0", True),
    ("x, eps=-1.0", "eps != -1.0", False),
    ("x, mode='auto'", "mode == 'fixed'", False),
    ("x, *, mode='auto', k=3", "mode == 'auto' and k == 3", True),
    ("x, mode='auto', k=3", "mode == 'auto' and k == 4", False),
    ("x, mode='auto'", "not mode == 'auto'", False),
    ("x, mode='auto', k=3", "mode == 'fixed' or k == 3", True),
])
def test_the_branch_the_defaults_take(signature: str, test: str, branch: bool) -> None:
    assert taken(signature, test) is branch


@pytest.mark.parametrize(("signature", "test"), [
    ("x, mask=None", "mask is None"),            # given or not: callers decide
    ("x, mask=None", "mask == None"),
    ("x, eps", "eps == -1.0"),                   # no default
    ("x, eps=-1.0", "eps < 0"),                  # an order, not the sentinel
    ("x, eps=-1.0, n=k", "eps == -1.0 and n == 2"),  # a default that is not a constant
    ("x, eps=-1.0", "eps == -1.0 and x.any()"),
    ("x, flag=True", "flag"),                    # a switch: callers decide
    ("x, eps=-1.0", "eps == LIMIT"),
])
def test_not_known(signature: str, test: str) -> None:
    assert taken(signature, test) is None


HELPER = '''
import torch


def scaled(y: torch.Tensor, eps: float = -1.0) -> torch.Tensor:
    if {test}:
        eps = float(y.abs().max())
    return y * eps
'''

CALLER = '''
import torch
from torch import nn

from helper import scaled


class Loss(nn.Module):
    def __init__(self, eps=None) -> None:
        super().__init__()
        self.eps = eps

    def forward(self, y: torch.Tensor, batch_idx: int) -> torch.Tensor:
        eps = {eps}
        return scaled(y.cuda(), eps)
'''


def reported(test: str, eps: str) -> list[int]:
    sources = {"m.py": CALLER.format(eps=eps), "helper.py": HELPER.format(test=test)}
    return [d.location.row for d in findings(sources) if d.code == "SYN101"]


@pytest.mark.parametrize("eps", [
    "self.eps if self.eps is not None else -1.0",
    "-1.0 if batch_idx % 100 else 0.1",
])
def test_the_default_path_of_a_helper_counts_at_every_call(eps: str) -> None:
    assert reported("eps == -1.0", eps) == [CALLER.splitlines().index(
        "        return scaled(y.cuda(), eps)") + 1]


@pytest.mark.parametrize("test", ["eps != -1.0", "eps == 0.5", "eps < 0"])
def test_a_branch_off_the_defaults_waits_for_a_setting(test: str) -> None:
    assert reported(test, "-1.0 if batch_idx % 100 else 0.1") == []


def test_a_negative_constant_is_a_setting_like_any_constant() -> None:
    sources = {"m.py": CALLER.format(eps="-1.0").replace(
        "scaled(y.cuda(), eps)", "scaled(y.cuda(), -1.0)"),
        "helper.py": HELPER.format(test="eps == -1.0")}
    assert [d.code for d in findings(sources)] == ["SYN101"]
