"""A module built in the function that calls it and never moved returns host values on
host data (tenth draw F1); a module moved, one whose constructor or forward moves, and one
given a parameter's values keep their device."""

from __future__ import annotations

from synclint.analysis.kinds import HOST_TENSOR
from tests.model.probe import probe, syncs

SELF_CHECK = """\
import torch
from torch import nn


class Network(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.lin = nn.Linear(3, 1)
        {init}

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.lin({input})


def build() -> Network:
    return Network()


def check({params}) -> None:
    data = {data}
    f = {build}
    {use}
    error = f(data) - f(data.flip(0))
    seen(error)
    assert error.abs().max() < 1e-10
"""


def _source(init: str = "pass", input: str = "x", params: str = "", data: str = "torch.randn(8, 3)",
            build: str = "Network()", use: str = "f.eval()") -> str:
    return SELF_CHECK.format(init=init, input=input, params=params, data=data, build=build,
                             use=use)


def test_an_unmoved_local_module_on_host_data_returns_host_values() -> None:
    for build in ("Network()", "build()"):
        source = _source(build=build)
        assert probe(source) is HOST_TENSOR, build
        assert syncs(source) == [], build


def test_an_unmoved_local_module_on_unknown_data_in_a_function_that_moves_nothing() -> None:
    source = _source(data="load_points()")
    assert probe(source) is HOST_TENSOR
    assert syncs(source) == []


def test_a_moved_or_self_moving_module_keeps_its_finding() -> None:
    for source in (_source(use="f.to('cuda')"), _source(use="f = f.cuda()"),
                   _source(build="Network().to('cuda')"),
                   _source(init="self.to('cuda')", input="x.to(self.lin.weight.device)"),
                   _source(use="accelerator.prepare(f)")):
        assert probe(source) is not HOST_TENSOR, source
        assert syncs(source) == ["SYN102:25"], source


def test_a_forward_that_moves_its_input_keeps_its_finding() -> None:
    source = _source(input="x.to(self.lin.weight.device)")
    assert probe(source) is not HOST_TENSOR


def test_a_parameters_values_keep_their_device() -> None:
    source = _source(params="data_in", data="data_in.flip(0)")
    assert probe(source) is not HOST_TENSOR
