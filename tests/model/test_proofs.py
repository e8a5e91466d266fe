"""Arguments that prove a tensor (`model/proofs.py`): after a reduction or elementwise torch
function is given a name of unknown kind (itself or sliced), the name holds a tensor;
before it, given another name, indexed by one position, or a parameter, it does not."""

from __future__ import annotations

import pytest

from synclint.analysis.kinds import TENSOR, UNKNOWN
from tests.model.probe import probes

SOURCE = """\
import torch


def f(param):
    rewards = collect_rewards()
    seen(rewards)
    total = CALL
    seen(rewards)
    seen(param)
"""


@pytest.mark.parametrize("call", [
    "torch.nanmean(rewards[:, 0])", "torch.sum(rewards)", "torch.mean(rewards[1:])",
    "torch.amax(rewards[:, 1], dim=0)"])
def test_a_name_given_to_a_tensor_only_function_holds_a_tensor_after(call: str) -> None:
    assert probes(SOURCE.replace("CALL", call)) == [UNKNOWN, TENSOR, UNKNOWN]


@pytest.mark.parametrize("call", [
    "torch.nanmean(scores)",           # another name
    "torch.sum(rewards[0])",           # an element: `rewards` may be a list of tensors
    "torch.stack(rewards)",            # takes a sequence of tensors
    "torch.isnan(rewards)",            # an elementwise test: it guards rare error paths
    "torch.sum(param)",                # a parameter (or a value made from one): its
                                       # callers say what they pass
    "len(rewards)",                    # not torch
])
def test_look_alikes_prove_nothing(call: str) -> None:
    assert probes(SOURCE.replace("CALL", call)) == [UNKNOWN, UNKNOWN, UNKNOWN]
