"""The reference telemetry on parameters spread over two devices: each flag goes back to its
own parameter, the statistics combine across devices, and it is still one transfer.

Without a GPU the devices are `OnDevice` tensors (tests/telemetry/two_devices.py): CPU
tensors that report `cuda:0` or `cuda:1` and refuse to mix, as device tensors do. The
expected values come from the naive versions run on plain CPU copies of the same tensors.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

torch = pytest.importorskip("torch")

from synclint.runtime import count_syncs  # noqa: E402
from synclint.telemetry import (  # noqa: E402
    check_numerical_stability,
    grad_norm,
    gradient_stats,
)
from tests.telemetry.two_devices import OnDevice, on  # noqa: E402

#: Which device each parameter lives on: interleaved, in blocks, the second device first.
LAYOUTS = {
    "interleaved": [0, 1] * 5,
    "blocks": [0] * 4 + [1] * 6,
    "second first": [1, 1, 0, 1, 0, 0, 1, 0, 1, 0],
}


class Model:
    """What the telemetry reads of a model: its named parameters."""

    def __init__(self, params: dict[str, torch.Tensor]) -> None:
        self.params = params

    def named_parameters(self) -> Iterator[tuple[str, torch.Tensor]]:
        return iter(self.params.items())

    def parameters(self) -> Iterator[torch.Tensor]:
        return iter(self.params.values())


def _model(layout: list[int], seed: int) -> Model:
    """Parameters of a few shapes on the layout's devices, NaN and Inf put in some weights
    and gradients, some gradients missing."""
    gen = torch.Generator().manual_seed(seed)
    params: dict[str, torch.Tensor] = {}
    for i, index in enumerate(layout):
        device = f"cuda:{index}"
        weight = torch.randn(int(torch.randint(1, 6, (1,), generator=gen)), generator=gen)
        grad = torch.randn(weight.shape, generator=gen)
        what = int(torch.randint(0, 6, (1,), generator=gen))
        if what == 0:
            weight[0] = math.nan
        elif what == 1:
            weight[-1] = -math.inf
        elif what == 2:
            grad[0] = math.nan
        elif what == 3:
            grad[-1] = math.inf
        param = on(device, weight)
        if what != 4:
            param.grad = on(device, grad)
        params[f"layer{i}.weight"] = param
    return Model(params)


def _on_the_cpu(model: Model) -> Model:
    copies = {}
    for name, param in model.params.items():
        copy = param.to("cpu")
        assert not isinstance(copy, OnDevice)
        copy.grad = None if param.grad is None else param.grad.to("cpu")
        copies[name] = copy
    return Model(copies)


def _same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is b
    return a == b or (math.isnan(a) and math.isnan(b))


def test_the_stand_in_behaves_like_tensors_on_two_devices() -> None:
    a, b = on("cuda:0", torch.ones(2)), on("cuda:1", torch.ones(2))
    assert (a * 2).device == torch.device("cuda:0")
    assert a.to(b.device).device == torch.device("cuda:1")
    assert type(a.to("cpu")) is torch.Tensor
    with pytest.raises(RuntimeError, match="same device"):
        torch.stack([a, b])


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=LAYOUTS.keys())
def test_each_flag_names_its_own_parameter(naive, layout: list[int], seed: int) -> None:
    model = _model(layout, seed)
    expected = naive.check_numerical_stability(_on_the_cpu(model))
    found = check_numerical_stability(model)
    assert (found.nan_weights, found.inf_weights, found.nan_grads, found.inf_grads) == (
        expected.nan_weights, expected.inf_weights, expected.nan_grads, expected.inf_grads)


def test_the_layouts_put_problems_on_both_devices(naive) -> None:
    """The seeds above are worth something only if flags of both devices are raised."""
    for layout in LAYOUTS.values():
        devices = set()
        for seed in range(4):
            model = _model(layout, seed)
            report = naive.check_numerical_stability(_on_the_cpu(model))
            for name in {*report.nan_weights, *report.inf_weights, *report.nan_grads,
                         *report.inf_grads}:
                devices.add(model.params[name].device)
        assert devices == {torch.device("cuda:0"), torch.device("cuda:1")}


@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=LAYOUTS.keys())
def test_statistics_combine_across_the_devices(naive, layout: list[int]) -> None:
    model = _model(layout, seed=1)
    grads = [p.grad for p in model.parameters() if p.grad is not None]
    plain = [g.to("cpu") for g in grads]
    found, expected = gradient_stats(grads), naive.gradient_stats(plain)
    assert (found.nan_count, found.inf_count, found.numel) == (
        expected["nan_count"], expected["inf_count"], expected["numel"])
    assert found.zero_fraction == expected["zero_fraction"]
    assert _same(found.min, expected["min"]) and _same(found.max, expected["max"])
    # Norms of finite gradients (NaN would hide a wrong combination).
    finite = [on(g.device, g.to("cpu").nan_to_num(0.0, 0.0, 0.0)) for g in grads]
    expected_norm = float(torch.linalg.vector_norm(
        torch.cat([f.to("cpu") for f in finite]).double()))
    assert gradient_stats(finite).norm == pytest.approx(expected_norm, rel=1e-12)
    params = []
    for f in finite:
        param = on(f.device, torch.zeros(f.shape))
        param.grad = f
        params.append(param)
    assert grad_norm(params) == pytest.approx(expected_norm, rel=1e-12)


@pytest.mark.parametrize("call", [
    lambda m: check_numerical_stability(m),
    lambda m: grad_norm(m.parameters()),
    lambda m: gradient_stats([p.grad for p in m.parameters() if p.grad is not None]),
], ids=["check_numerical_stability", "grad_norm", "gradient_stats"])
def test_two_devices_still_take_one_transfer(call) -> None:
    model = _model(LAYOUTS["interleaved"], seed=0)
    with count_syncs(backend="emulated") as syncs:
        call(model)
    assert syncs.total == 1, syncs.by_site()
