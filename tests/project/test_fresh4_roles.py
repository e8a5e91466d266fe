"""Per-gradient-step roles of the RL libraries of the fourth fresh draw (issue 22, M1):
tianshou's algorithm updates and `Alpha.update`, d3rlpy's impl updates and losses, in a
user's subclass and in each library's own package (its project classes of the base
names); once-per-run methods and look-alike classes stay cold."""

from __future__ import annotations

import pytest

from synclint.diagnostics import Diagnostic
from tests.project.test_library_roles import findings

TIANSHOU = """\
import torch
from tianshou.algorithm import OffPolicyAlgorithm
from tianshou.algorithm.modelfree.sac import Alpha


class LearnedAlpha(torch.nn.Module, Alpha):
    def update(self, entropy: torch.Tensor) -> float:
        return (self.log_alpha * entropy).mean().item()


class Algo(OffPolicyAlgorithm):
    def _update_with_batch(self, batch):
        return {"loss": self.critic(torch.zeros(3, device="cuda")).mean().item()}

    def _preprocess_batch(self, batch, buffer, indices):
        self.seen = torch.zeros(3, device="cuda").sum().item()
        return batch

    def run_training(self, params):
        self.final = torch.zeros(3, device="cuda").sum().item()

    def create_trainer(self, params):
        self.first = torch.zeros(3, device="cuda").sum().item()
"""

D3RLPY = """\
import torch
from d3rlpy.algos.qlearning.torch import DDPGBaseImpl, TD3Impl


class Impl(TD3Impl):
    def compute_actor_loss(self, batch, action, grad_step: int):
        key = torch.cat([batch.observations, action.squashed_mu], dim=1)
        return self.index.query(key.detach().cpu().numpy())

    def inner_update(self, batch, grad_step: int):
        out = super().inner_update(batch, grad_step)
        out["q"] = float(torch.zeros(3, device="cuda").mean())
        return out

    def update_critic_target(self) -> None:
        self.synced = torch.zeros(3, device="cuda").sum().item()

    def __init__(self, modules) -> None:
        self.scale = torch.zeros(3, device="cuda").sum().item()
"""


def lines(found: list[Diagnostic], text: str) -> list[int]:
    """The lines of `text` that carry a SYN101 finding, as their code."""
    rows = text.splitlines()
    return sorted(d.location.row for d in found if d.code == "SYN101"
                  and rows[d.location.row - 1].strip())


def row_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_tianshou_updates_and_alpha_update_run_every_gradient_step() -> None:
    found = findings(algo=TIANSHOU)
    assert lines(found, TIANSHOU) == [
        row_of(TIANSHOU, "self.log_alpha * entropy"),
        row_of(TIANSHOU, '{"loss"'),
        row_of(TIANSHOU, "self.seen ="),
    ]


def test_d3rlpy_impl_losses_and_updates_run_every_gradient_step() -> None:
    found = findings(impl=D3RLPY)
    assert lines(found, D3RLPY) == [row_of(D3RLPY, ".cpu().numpy()"),
                                    row_of(D3RLPY, 'out["q"]')]


OWN_TIANSHOU = {
    "algorithm_base": """\
import torch


class Algorithm(torch.nn.Module):
    def update(self, buffer, sample_size):
        return self._update_with_batch(buffer.sample(sample_size))


class OffPolicyAlgorithm(Algorithm):
    pass
""",
    "sac": """\
import torch
from algorithm_base import OffPolicyAlgorithm


class Alpha:
    def update(self, entropy):
        return None


class AutoAlpha(torch.nn.Module, Alpha):
    def update(self, entropy: torch.Tensor) -> float:
        alpha_loss = -(self.log_alpha * entropy).mean()
        return alpha_loss.item()


class SAC(OffPolicyAlgorithm):
    def _update_with_batch(self, batch):
        return torch.zeros(3, device="cuda").sum().item()
""",
}


def test_tianshou_own_package_takes_the_roles_by_its_class_names() -> None:
    found = findings(**OWN_TIANSHOU)
    sac = OWN_TIANSHOU["sac"]
    assert sorted((d.filename.rsplit("/", 1)[-1], d.location.row) for d in found
                  if d.code == "SYN101") == [
        ("sac.py", row_of(sac, "return alpha_loss.item()")),
        ("sac.py", row_of(sac, "device=\"cuda\").sum().item()")),
    ]


def test_d3rlpy_own_package_takes_the_roles_by_its_class_names() -> None:
    base = """\
class QLearningAlgoImplBase:
    def update(self, batch, grad_step):
        return self.inner_update(batch, grad_step)
"""
    impl = """\
import torch
from base import QLearningAlgoImplBase


class PRDCImpl(QLearningAlgoImplBase):
    def compute_actor_loss(self, batch, action, grad_step):
        key = torch.cat([batch.observations, action], dim=1)
        return self.nbsr.kneighbors(key.detach().cpu().numpy())
"""
    found = findings(base=base, prdc_impl=impl)
    assert [(d.code, d.location.row) for d in found] == [
        ("SYN101", row_of(impl, ".cpu().numpy()"))]


@pytest.mark.parametrize("name", ["Algorithm", "Alpha", "Trainer"])
def test_a_common_class_name_alone_takes_no_role(name: str) -> None:
    source = f"""\
import torch


class {name}:
    def _update_with_batch(self, batch):
        return torch.zeros(3, device="cuda").sum().item()

    def update(self, entropy):
        return torch.zeros(3, device="cuda").sum().item()

    def _training_step(self):
        return torch.zeros(3, device="cuda").sum().item()
"""
    assert [d for d in findings(m=source) if d.code == "SYN101"] == []


def test_stable_baselines3_and_tianshou_share_a_bare_name_without_mixing_methods() -> None:
    """sb3's `OnPolicyAlgorithm.train` stays its role; tianshou's `update` comes along
    only for a class that defines it."""
    base = "class OnPolicyAlgorithm:\n    pass\n"
    algo = """\
import torch
from base import OnPolicyAlgorithm


class A2C(OnPolicyAlgorithm):
    def train(self) -> None:
        self.loss = torch.zeros(3, device="cuda").sum().item()

    def learn_rate(self) -> float:
        return torch.zeros(3, device="cuda").sum().item()
"""
    found = findings(base=base, algo=algo)
    assert [(d.code, d.location.row) for d in found] == [
        ("SYN101", row_of(algo, "self.loss ="))]
