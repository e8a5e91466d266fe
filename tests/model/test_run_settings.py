"""Settings of the run (issue 22, M3): the distributed world size and whether a process
group is set up are the same on every step of a run, so a read under a test of them in
per-step code runs on every step of a distributed run. A project helper that returns
them is one too; a helper that only shares the name, or a periodic test joined to them,
is not."""

from __future__ import annotations

import pytest

from tests.model.probe import findings
from tests.model.test_summary_syncs import summary_of

MODULE = '''
import random

import torch
import torch.distributed as dist
from torch import distributed as torch_dist
from torch import nn

import helpers


class Loss(nn.Module):
    def __init__(self, gather: bool = True) -> None:  # on by default: not opt-in code
        super().__init__()
        self.gather = gather

    def forward(self, x: torch.Tensor, step: int = 0) -> torch.Tensor:
        y = x.cuda()
        if {test}:
            self.seen = y.sum().item()
        return y
'''

HELPERS = '''
import random

import torch
import torch.distributed as dist


def world_size() -> int:
    return dist.get_world_size() if dist.is_initialized() else 1


def distributed() -> bool:
    return dist.is_available() and dist.is_initialized()


def views(batch: torch.Tensor) -> int:
    return int(batch.shape[0])


def ready(step: int) -> bool:
    return step % 10 == 0


def coin() -> bool:
    return random.random() > 0.5
'''


def reported(test: str) -> list[str]:
    sources = {"m.py": MODULE.format(test=test), "helpers.py": HELPERS}
    return [d.message for d in findings(sources) if d.code == "SYN101"]


@pytest.mark.parametrize("test", [
    "dist.get_world_size() > 1",
    "torch.distributed.is_initialized()",
    "torch_dist.is_available() and torch_dist.is_initialized()",
    "self.gather and dist.get_world_size() > 1",
    "helpers.world_size() > 1",
    "self.gather and helpers.distributed()",
    "not dist.is_initialized()",
])
def test_a_read_under_a_distributed_setting_runs_every_step(test: str) -> None:
    (message,) = reported(test)
    assert "in per-step code" in message, message


@pytest.mark.parametrize("test", [
    "helpers.views(x) > 1",                            # the batch's size, named like one
    "dist.get_world_size() > 1 and helpers.ready(step)",  # a periodic test joined to it
    "dist.get_world_size() > 1 and step % 10 == 0",
    "dist.get_rank() == 0 and y.sum() > 0",            # a tensor test
    "random.random() > 0.5",                           # a library call no table knows
    "helpers.coin()",                                  # a helper without arguments
])
def test_look_alikes_keep_the_read_quiet(test: str) -> None:
    assert reported(test) == []


def test_a_helper_returning_the_world_size_is_a_run_setting() -> None:
    assert summary_of(HELPERS, "world_size").run_setting
    assert summary_of(HELPERS, "distributed").run_setting


@pytest.mark.parametrize("key", ["views", "ready", "coin"])
def test_helpers_of_data_or_counters_are_not(key: str) -> None:
    assert not summary_of(HELPERS, key).run_setting


def test_a_helper_that_also_returns_data_is_not() -> None:
    source = '''
import torch.distributed as dist


def size(n: int) -> int:
    if dist.is_initialized():
        return dist.get_world_size()
    return n
'''
    assert not summary_of(source, "size").run_setting


def test_a_raise_under_the_world_size_stays_cold() -> None:
    body = MODULE.replace("            self.seen = y.sum().item()",
                          "            raise RuntimeError(f'{{y.sum().item()}}')")
    sources = {"m.py": body.format(test="dist.get_world_size() > 1"), "helpers.py": HELPERS}
    assert [d for d in findings(sources) if d.code == "SYN101"] == []
