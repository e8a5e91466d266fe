"""gpytorch's models, likelihoods, noise models, kernels, means and marginal
log-likelihoods are `nn.Module`s (`knowledge.gpytorch`, eighth draw M5)."""

from __future__ import annotations

import pytest

from synclint import knowledge
from tests.model.probe import line_of, syncs

NOISE = """\
import torch
from {module} import {name}
from torch import Tensor


class Outliers({name}):
    def forward(self, X: Tensor, cached: Tensor):
        if torch.equal(X, cached):
            return X
        return cached
"""


@pytest.mark.parametrize(("module", "name"), [
    ("gpytorch.likelihoods.noise_models", "Noise"), ("gpytorch.module", "Module"),
    ("gpytorch.likelihoods", "Likelihood"), ("gpytorch.kernels", "Kernel"),
    ("gpytorch.means", "Mean"), ("gpytorch.models", "ExactGP"),
    ("gpytorch.models", "ApproximateGP"), ("gpytorch.mlls", "MarginalLogLikelihood"),
])
def test_a_gpytorch_module_subclass_s_forward_runs_per_call(module: str, name: str) -> None:
    source = NOISE.format(module=module, name=name)
    assert syncs(source) == [f"SYN101:{line_of(source, 'torch.equal')}"]
    assert knowledge.is_module([f"{module}.{name}"])


def test_a_project_class_of_the_same_name_is_no_module() -> None:
    source = NOISE.format(module="gpytorch", name="settings").replace(
        "class Outliers(settings)", "class Noise:\n    pass\n\n\nclass Outliers(Noise)")
    assert syncs(source) == []
    assert not knowledge.is_module(["gpytorch.settings.cholesky_jitter"])
