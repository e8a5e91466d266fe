"""A value the block moves to a device further down (`labels = labels.to(device)` after
the masking loop: fresh14 F3) holds host data until the move; each with the look-alike
that keeps its device (a layer's output passed on to the next GPU, a parameter's tie, a
rebinding between, a move to a dtype)."""

from __future__ import annotations

import ast

import pytest

from synclint.analysis.kinds import HOST_TENSOR, TENSOR
from synclint.model.host_data import host_until_later
from synclint.model.syntax import numpy_receivers
from tests.model.probe import line_of, probes, syncs

LOOP = """\
import torch


def train(model, loader, device_id: int, pad: int) -> None:
    for batch in loader:
        input_ids = torch.stack([x[0] for x in batch[1]])
        labels = {value}
        seen(labels)
        for i in range(labels.shape[0]):
            if labels[i][0] != pad:
                labels[i][0] = -100{between}
        labels = labels.{move}
        seen(labels)
        model(input_ids.to(device_id), labels=labels).backward()
"""


def loop(value: str = "input_ids.clone()", move: str = "to(device_id)",
         between: str = "") -> str:
    return LOOP.format(value=value, move=move, between=between)


def test_a_value_moved_to_the_device_later_is_host_data_until_then() -> None:
    assert probes(loop()) == [HOST_TENSOR, TENSOR]
    assert syncs(loop()) == []
    assert probes(loop(move="cuda(non_blocking=True)"))[0] is HOST_TENSOR


@pytest.mark.parametrize("move", ["to(torch.float32)", "to(labels.device)", "long()"])
def test_a_conversion_that_moves_nothing_keeps_the_device(move: str) -> None:
    source = loop(move=move)
    assert probes(source)[0] is TENSOR
    assert syncs(source) == [f"SYN102:{line_of(source, 'if labels[i][0]')}"]


def test_a_rebinding_between_keeps_the_device() -> None:
    source = loop(between="\n        labels = labels + 0")
    assert probes(source)[0] is TENSOR
    assert syncs(source) == [f"SYN102:{line_of(source, 'if labels[i][0]')}"]


def test_a_value_out_of_a_call_the_model_cannot_see_keeps_the_device() -> None:
    helper = "def helper(t: torch.Tensor) -> torch.Tensor:\n    return t.cuda()\n\n\n"
    source = loop(value="helper(input_ids)").replace("def train", helper + "def train")
    assert probes(source)[0] is TENSOR
    assert syncs(source) == [f"SYN102:{line_of(source, 'if labels[i][0]')}"]
    assert probes(loop(value="torch.where(input_ids > 0, input_ids, len(batch))"))[0] \
        is HOST_TENSOR  # builtins and torch functions only


LAYERS = """\
import torch
from torch import nn


class Pipeline(nn.Module):
    def __init__(self, layers: nn.ModuleList) -> None:
        super().__init__()
        self.layers = layers

    def forward(self, hidden: torch.Tensor) -> torch.Tensor:
        for layer in self.layers:
            hidden = {value}
            if torch.isnan(hidden).any():
                raise FloatingPointError("nan")
            hidden = hidden.to(layer.next_device)
        return hidden
"""


@pytest.mark.parametrize("value", ["layer(hidden)", "self.norm(hidden)", "hidden * 2"])
def test_a_layer_output_or_a_parameter_moved_on_keeps_its_device(value: str) -> None:
    # `hidden * 2` keeps the tie to the `forward` input: the callers' batch decides.
    source = LAYERS.format(value=value)
    assert syncs(source) == [f"SYN102:{line_of(source, 'isnan')}"]


def later(source: str) -> dict[int, tuple[str, bool]]:
    return host_until_later(ast.parse(source).body, numpy_receivers)


def test_host_until_later_lists_the_binding_before_the_move_only() -> None:
    assert later("a = x.clone()\nb = a\nuse(a)\na = a.to(dev)\nc = 1\nc = c.cuda()\n"
                 "for a in xs:\n    pass\nd = d0\nfor d in ds:\n    pass\nd = d.to(dev)\n"
                 ) == {0: ("a", False), 4: ("c", False)}
    assert later("a = f(x)\na = a.to(dev)\n") == {}
    assert later("a, b = x\na = a.to(dev)\n") == {}


def test_host_until_later_proves_by_numpy_unless_the_block_may_leave_between() -> None:
    assert later("a = f(x)\nuse(a)\nrows.append(a.detach().numpy())\n") == {0: ("a", True)}
    assert later("a = f(x)\nb = a.numpy() if a.dim() else 0\n") == {}  # may not run
    assert later("a = f(x)\nif a.is_cuda:\n    return a\nb = a.numpy()\n") == {}
    assert later("a = f(x)\nwith c:\n    pass\nreturn a.numpy(force=True)\n") == {}
    assert later("a = g(x)\na = a.numpy()\n") == {0: ("a", True)}


NUMPY = """\
import torch


def evaluate(model, loader) -> list:
    scores = []
    for batch in loader:
        out = model(batch)
        seen(out)
        {between}
        scores.append(out.detach().numpy())
    return scores
"""


def test_a_later_numpy_proves_a_model_output_host_from_its_binding() -> None:
    source = NUMPY.format(between="bad = torch.isnan(out).any()\n        print(bad.item())")
    assert probes(source)[0] is HOST_TENSOR
    assert syncs(source) == []


def test_a_block_that_may_leave_before_the_numpy_keeps_the_output_maybe_on_a_device() -> None:
    source = NUMPY.format(between="if out.is_cuda:\n            continue")
    assert probes(source)[0] is not HOST_TENSOR
    source = NUMPY.format(between="print(out.sum().item())\n        out = out * 2")
    assert syncs(source) == [f"SYN101:{line_of(source, 'out.sum().item()')}"]  # rebound
