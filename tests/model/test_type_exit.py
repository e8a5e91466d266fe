"""The rest of a block after `if isinstance(value, torch.Tensor): return ...` on a
parameter runs only for arguments of other kinds (allennlp's `dist_reduce`, exposed by
fresh18's Metric role): a read there is no sync a caller makes by passing a tensor. Other
early returns (`if value is None: return`, and `if not isinstance(value, torch.Tensor):
raise`, which leaves the rest to tensors: diffusers' `postprocess`) leave the rest on the
main path."""

from __future__ import annotations

import pytest

from tests.model.probe import line_of, syncs

HELPER = """\
import torch


def reduce(value, flag: bool = False):
    if {test}:
        return value
    return torch.tensor(value, device="cuda").item()


def loop(xs: list[torch.Tensor]):
    total = 0
    for x in xs:
        total += reduce(x.cuda())
    return total
"""


@pytest.mark.parametrize("test", ["isinstance(value, torch.Tensor)", "torch.is_tensor(value)",
                                  "isinstance(value, (torch.Tensor, list))"])
def test_the_rest_after_a_parameters_type_test_is_not_the_helpers_every_call(test: str) -> None:
    assert syncs(HELPER.format(test=test)) == []


@pytest.mark.parametrize("test", ["value is None", "flag", "not torch.cuda.is_available()",
                                  "not isinstance(value, torch.Tensor)",
                                  "isinstance(value, (list, tuple))"])
def test_other_early_returns_leave_the_read_on_the_main_path(test: str) -> None:
    source = HELPER.format(test=test)
    assert syncs(source) == [f"SYN101:{line_of(source, 'total += reduce(')}"]
