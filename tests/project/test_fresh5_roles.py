"""Per-step roles of the libraries of the fifth fresh draw (issue 22, fresh5 M1-M3):
pyro's ELBO steps, distributions' draws and scores and MCMC kernels' steps, kornia's
augmentation steps, and a `__call__` of an `nn.Module`; in a user's subclass and in each
library's own package (its project classes of the base names). The same method names on
classes without those bases stay without a role."""

from __future__ import annotations

import pytest

from tests.project.test_fresh4_roles import lines, row_of
from tests.project.test_library_roles import findings

PYRO = """\
import pyro.distributions as dist
import torch
from pyro.infer import TraceGraph_ELBO
from pyro.infer.mcmc import NUTS


class MyELBO(TraceGraph_ELBO):
    def loss(self, model, guide, *args, **kwargs):
        return self.differentiable_loss(model, guide, *args, **kwargs).item()

    def differentiable_loss(self, model, guide, *args, **kwargs):
        return torch.zeros((), device="cuda")


class Clipped(dist.TorchDistribution):
    def log_prob(self, value):
        self.largest = value.abs().max().item()
        return value

    def entropy(self):
        return float(torch.zeros((), device="cuda"))


class MyNUTS(NUTS):
    def sample(self, params):
        self.norms = {name: float(p.norm()) for name, p in params.items()}
        return params

    def setup(self, warmup_steps, *args, **kwargs):
        self.first = torch.zeros(3, device="cuda").sum().item()
"""


def test_pyro_elbo_distribution_and_kernel_steps_are_per_step() -> None:
    found = findings(model=PYRO)
    assert lines(found, PYRO) == [
        row_of(PYRO, "*args, **kwargs).item()"),
        row_of(PYRO, "self.largest ="),
        row_of(PYRO, "self.norms ="),
    ]
    message = next(d.message for d in found if d.location.row == row_of(PYRO, "self.largest ="))
    assert "`log_prob` runs on every score" in message


def test_the_framework_passes_log_prob_a_tensor_and_a_kernel_a_dict_of_tensors() -> None:
    # Unannotated parameters: the role says what pyro passes (a value to score, the
    # current parameters), so a test of them is a test of a tensor.
    text = """\
import torch
from pyro.distributions import TorchDistribution
from pyro.infer.mcmc import MCMCKernel


class Bounded(TorchDistribution):
    def log_prob(self, value):
        if (value < 0).any():
            return value
        return value.log()


class Walk(MCMCKernel):
    def sample(self, params):
        return {k: v for k, v in params.items() if v.isfinite().all()}
"""
    found = findings(model=text)
    assert sorted(d.location.row for d in found if d.code == "SYN102") == [
        row_of(text, "(value < 0).any()"), row_of(text, "v.isfinite().all()")]


def test_torch_distributions_and_their_modules_take_the_roles() -> None:
    text = """\
import torch
from torch.distributions.normal import Normal
from torch.distributions.transforms import ExpTransform


class Policy(torch.distributions.Categorical):
    def sample(self, sample_shape=torch.Size()):
        self.seen = self.probs.argmax().item()
        return super().sample(sample_shape)


class Noisy(Normal):
    def rsample(self, sample_shape=torch.Size()):
        self.largest = self.loc.abs().max().item()
        return super().rsample(sample_shape)


class Exp(ExpTransform):
    def sample(self, x: torch.Tensor):
        return x.max().item()
"""
    found = findings(policy=text)
    assert lines(found, text) == [row_of(text, "self.seen ="), row_of(text, "self.largest =")]


OWN_PYRO = {
    "elbo": """\
class ELBO:
    def loss_and_grads(self, model, guide, *args, **kwargs):
        raise NotImplementedError
""",
    "renyi": """\
import torch
from elbo import ELBO


class RenyiELBO(ELBO):
    def loss_and_grads(self, model, guide, *args, **kwargs):
        weights = torch.zeros(4, device="cuda")
        return weights.sum().item()
""",
    "hmc": """\
import torch
from mcmc_kernel import MCMCKernel


class HMC(MCMCKernel):
    def sample(self, params):
        accept_prob = torch.rand((), device="cuda")
        self.accepted = accept_prob.item() > 0.5
        return params
""",
    "mcmc_kernel": """\
class MCMCKernel:
    def sample(self, params):
        raise NotImplementedError
""",
}


def test_pyro_own_package_takes_the_roles_by_its_class_names() -> None:
    found = findings(**OWN_PYRO)
    assert sorted((d.filename, d.location.row) for d in found if d.code == "SYN101") == [
        ("hmc.py", row_of(OWN_PYRO["hmc"], "accept_prob.item()")),
        ("renyi.py", row_of(OWN_PYRO["renyi"], "weights.sum().item()")),
    ]


KORNIA = """\
import torch
from kornia.augmentation import GeometricAugmentationBase2D


class RandomShear(GeometricAugmentationBase2D):
    def generate_parameters(self, batch_shape):
        shear = torch.rand(batch_shape[0], device="cuda")
        return {"shear": shear, "top": torch.tensor(shear.max().item())}

    def compute_transformation(self, input, params, flags):
        self.count = int(params["shear"].gt(0.5).sum())
        return input

    def inverse_transform(self, input, flags, transform=None, size=None):
        self.inverted = input.sum().item()
        return input
"""


def test_kornia_augmentation_steps_are_per_batch_and_inverse_is_not() -> None:
    found = findings(aug=KORNIA)
    assert lines(found, KORNIA) == [row_of(KORNIA, "shear.max().item()"),
                                    row_of(KORNIA, "self.count =")]


def test_kornia_own_package_takes_the_roles_by_its_class_names() -> None:
    base = """\
import torch


class _BasicAugmentationBase(torch.nn.Module):
    def forward(self, input):
        return self.apply_func(input, self.forward_parameters(input.shape), {})
"""
    rain = """\
import torch
from base import _BasicAugmentationBase


class _AugmentationBase(_BasicAugmentationBase):
    pass


class RandomRain(_AugmentationBase):
    def apply_transform(self, image, params, flags, transform=None):
        drops = params["number_of_drops"].tolist()
        return image[:, :, : drops[0]]
"""
    found = findings(base=base, rain=rain)
    assert [(d.filename, d.location.row) for d in found if d.code == "SYN101"] == [
        ("rain.py", row_of(rain, ".tolist()"))]


MODULE_CALL = """\
import torch
from torch import nn


class Strategy(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("initialized", torch.tensor(0))

    def __call__(self, x: torch.Tensor):
        if not self.initialized.item():
            self.initialized.fill_(1)
        return super().__call__(x)


class Wrapper:
    def __init__(self, scores: torch.Tensor):
        self.scores = scores

    def __call__(self):
        return self.scores.max().item()
"""


def test_call_of_a_module_runs_on_every_call_and_of_another_class_does_not() -> None:
    found = findings(strategy=MODULE_CALL)
    assert lines(found, MODULE_CALL) == [row_of(MODULE_CALL, "self.initialized.item()")]
    (finding,) = found
    assert "`__call__` runs on every call of the module" in finding.message


@pytest.mark.parametrize("name", ["ELBO", "TorchDistribution", "MCMCKernel",
                                  "AugmentationBase2D"])
def test_a_look_alike_method_on_an_unrelated_class_has_no_role(name: str) -> None:
    # The role's method names on a class that derives from nothing of the libraries
    # (the look-alike of every table above): a single read, no loop, no finding.
    text = f"""\
import torch


class Not{name}:
    def __init__(self, scores: torch.Tensor):
        self.scores = scores

    def loss_and_grads(self, model, guide):
        return self.scores.mean().item()

    def sample(self, params):
        return self.scores.max().item()

    def log_prob(self, value):
        return float(self.scores.sum())

    def apply_transform(self, image, params, flags):
        return self.scores.tolist()
"""
    assert findings(lookalike=text) == []


def test_a_subclass_of_a_pyro_distribution_scores_per_step_and_a_transform_does_not() -> None:
    text = """\
import pyro.distributions as dist
import torch
from pyro.distributions.transforms import AffineTransform


class Shifted(dist.Normal):
    def log_prob(self, value):
        return super().log_prob(value) + self.loc.abs().max().item()


class Scaled(AffineTransform):
    def log_abs_det_jacobian(self, x, y):
        return self.scale.abs().max().item()

    def sample(self, x):
        return self.scale.abs().max().item()
"""
    found = findings(shifted=text)
    assert lines(found, text) == [row_of(text, "self.loc.abs().max().item()")]
