"""Models and gradients shared by the telemetry tests, built before the measured region."""

from __future__ import annotations

from types import ModuleType

import pytest

torch = pytest.importorskip("torch")

from tests.telemetry.telemetry_models import ParamList, load_naive  # noqa: E402

# 500 parameter tensors of 1000..8192 elements (~9 MB of float32 gradients in all);
# the largest is 8192 elements, 64 KiB in float64.
LARGE_MODEL_LARGEST = 8192


@pytest.fixture(scope="session")
def naive() -> ModuleType:
    return load_naive()


@pytest.fixture
def model500() -> ParamList:
    gen = torch.Generator().manual_seed(1)
    sizes = torch.randint(1000, LARGE_MODEL_LARGEST, (499,), generator=gen).tolist()
    return ParamList([(LARGE_MODEL_LARGEST,)] + [(n,) for n in sizes])


@pytest.fixture
def grads500(model500: ParamList) -> list:
    return [p.grad for p in model500.parameters()]
