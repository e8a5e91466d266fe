"""Per-step code the ninth fresh draw showed synclint missing (issue 22, fresh9 M1, M4):
skrl agents' `update` / `record_transition` / `act` (a knowledge table, as for
stable-baselines3), and a closure a backward hook queues with `queue_callback`. Each with
look-alikes that stay silent."""

from __future__ import annotations

from synclint.diagnostics import Diagnostic
from synclint.engine import lint_sources
from tests.project.test_library_roles import DEFAULT_CODES, findings


def rows(found: list[Diagnostic]) -> list[tuple[str, int]]:
    return [(d.code, d.location.row) for d in found]


SKRL_AGENT = """\
import torch
from {base_module} import {base}


class PPO({base}):
    def update(self, *, timestep: int, timesteps: int) -> None:
        for _ in range(4):
            loss = self.policy(torch.zeros(3, device="cuda")).mean()
            loss.backward()
        self.track_data("Policy / Standard deviation", self.log_std.exp().mean().item())

    def init(self, *, trainer_cfg=None) -> None:
        self.first = self.log_std.exp().mean().item()
"""

SKRL_BASE = """\
from abc import ABC


class Agent(ABC):
    def update(self, *, timestep: int, timesteps: int) -> None:
        pass
"""


def test_a_skrl_agents_update_runs_per_rollout_and_init_once() -> None:
    user = SKRL_AGENT.format(base_module="skrl.agents.torch", base="Agent")
    found = findings(agent=user)
    assert rows(found) == [("SYN101", 10)]
    assert "update" in found[0].message


def test_an_algorithm_imported_from_its_skrl_module_is_an_agent() -> None:
    user = SKRL_AGENT.format(base_module="skrl.multi_agents.torch.mappo", base="MAPPO")
    assert rows(findings(agent=user)) == [("SYN101", 10)]


def test_skrls_own_agents_take_the_roles_by_their_base_name() -> None:
    """skrl's algorithms derive from its own project class `Agent`."""
    sources = {"skrl/agents/torch/base.py": SKRL_BASE,
               "skrl/agents/torch/ppo.py": SKRL_AGENT.format(
                   base_module="skrl.agents.torch.base", base="Agent")}
    outputs = lint_sources(sources, DEFAULT_CODES)
    found = [d for output in outputs.values() for d in output.diagnostics]
    assert rows(found) == [("SYN101", 10)]


def test_a_project_class_named_agent_is_not_skrls() -> None:
    user = SKRL_AGENT.format(base_module="my_rl.agents", base="Agent")
    assert findings(agent=user) == []
