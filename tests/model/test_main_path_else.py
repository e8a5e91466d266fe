"""The `else` of an `if` whose body always leaves (issue 22, M5): `if max_length == 0:
return ...` / `else: <read>` runs whenever code after the `if` would, so per-step code
reports the read and a helper's summary keeps it, as for code written after the `if`.
A counter test or a switch leaves the `else` to some steps; an `if`/`else` where neither
branch leaves picks either on the data, except for a read written alike in every branch
(fresh16 M5): one of them runs whenever the `if` does."""

from __future__ import annotations

import pytest

from tests.model.probe import findings
from tests.model.test_summary_syncs import summary_of

FORWARD = '''
import torch
from torch import nn


class M(nn.Module):
    def forward(self, x: torch.Tensor, batch_idx: int = 0, verbose: bool = False):
        y = x.cuda()
        {body}
        return y
'''


def reads(body: str) -> list[int]:
    source = FORWARD.format(body=body.replace("\n", "\n        "))
    return [d.location.row for d in findings(source) if d.code == "SYN101"]


@pytest.mark.parametrize("body", [
    "if y.sum() == 0:\n    return y\nelse:\n    self.v = y.item()",
    "if y.sum() == 0:\n    raise ValueError('empty')\nelse:\n    self.v = y.item()",
    "if y.numel() == 0:\n    return y\nelif y.dim() > 1:\n    return y\nelse:\n"
    "    self.v = y.sum().item()",
    "if y.numel() == 0:\n    if y.dim():\n        return y\n    else:\n        raise ValueError\n"
    "else:\n    self.v = y.sum().item()",
])
def test_the_else_of_an_early_exit_is_per_step(body: str) -> None:
    assert len(reads(body)) == 1


@pytest.mark.parametrize("body", [
    "if batch_idx > 0:\n    return y\nelse:\n    self.v = y.sum().item()",      # a counter
    "if not verbose:\n    return y\nelse:\n    self.v = y.sum().item()",       # a switch
    "if y.numel() > 10:\n    y = y * 2\nelse:\n    self.v = y.sum().item()",   # no exit
    "if y.numel() > 10:\n    self.v = y.sum().item()\nelse:\n    return y",    # the body
    "if y.numel() == 0:\n    if y.dim():\n        return y\nelse:\n"
    "    self.v = y.sum().item()",                                            # may fall through
])
def test_look_alikes_stay_guarded(body: str) -> None:
    assert reads(body) == []


HELPER = '''
import torch


def f(x: torch.Tensor, step: int):
    if {test}:
        return x
    else:
        return x.cpu()
'''


def test_a_summary_keeps_the_read_in_the_else_of_an_early_exit() -> None:
    (effect,) = [e.effect for e in summary_of(HELPER.format(test="x.numel() == 0"))
                 .param_effects if e.effect.code == "SYN101"]
    assert effect.site.line == HELPER.splitlines().index("        return x.cpu()") + 1


@pytest.mark.parametrize("test", ["step > 0", "step % 10 != 0"])
def test_a_summary_drops_it_under_a_counter(test: str) -> None:
    summary = summary_of(HELPER.format(test=test))
    assert [e for e in summary.param_effects if e.effect.code == "SYN101"] == []
    assert [e for e in summary.syncs if e.code == "SYN101"] == []


@pytest.mark.parametrize("body", [
    "if y.numel() > 10:\n    n = min(int(y.sum()), 3)\nelse:\n    n = min(int(y.sum()), 5)",
    "if y.numel() > 10:\n    n = int(y.sum())\nelif y.dim() > 1:\n    n = int(y.sum()) * 2\n"
    "else:\n    n = -int(y.sum())",
])
def test_a_read_in_every_branch_of_a_data_test_is_per_step(body: str) -> None:
    assert len(reads(body)) == body.count("int(y.sum())")


@pytest.mark.parametrize("body", [
    "if y.numel() > 10:\n    n = int(y.sum())\nelse:\n    n = 3",              # one branch
    "if y.numel() > 10:\n    n = int(y.sum())\nelif y.dim() > 1:\n    n = 2\n"
    "else:\n    n = int(y.sum())",                                          # not the elif
    "if y.numel() > 10:\n    n = int(y.sum())\nelif y.dim() > 1:\n    n = int(y.sum())",
    "if y.numel() > 10:\n    n = int(y.sum())\nelse:\n    n = int(y.max())",  # other reads
])
def test_a_read_some_branch_lacks_stays_guarded(body: str) -> None:
    assert reads(body) == []
