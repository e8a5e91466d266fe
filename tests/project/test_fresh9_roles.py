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


QUEUED = """\
import torch
from torch import nn


class Sync(nn.Module):
    def __init__(self, module: nn.Module):
        super().__init__()
        self.module = module
        self.register_full_backward_hook(self._hook)

    def _hook(self, module, grad_input, grad_output) -> None:
        def _synchronize() -> None:
            flags = torch.ones(3, device="cuda")
            self.seen = flags.cpu()

        {queue}(_synchronize)
"""


def test_a_closure_queued_with_queue_callback_runs_every_backward() -> None:
    found = findings(ddp=QUEUED.format(
        queue="torch.autograd.Variable._execution_engine.queue_callback"))
    assert rows(found) == [("SYN101", 14)]
    assert found[0].message.endswith("runs on every backward")


def test_a_hooks_closure_only_stored_is_not_per_backward() -> None:
    assert findings(ddp=QUEUED.format(queue="self.pending.append")) == []


MOVED = """\
import torch


class Player:
    def __init__(self, network, config: dict):
        self.model = network.build(config)
        self.model.{move}

    def act(self, obs):
        return self.model(obs)["actions"]

    def run(self, batches) -> list:
        return [float(self.act(obs)) for obs in batches]
"""


def test_a_factory_model_moved_in_place_gives_device_outputs() -> None:
    """A discarded `.to(device)` result moves a module in place (fresh9 M2)."""
    for move in ("to(torch.device('cuda'))", "cuda()", "to('cuda:0', non_blocking=True)"):
        found = findings(player=MOVED.format(move=move))
        assert rows(found) == [("SYN101", 13)], move


def test_a_model_moved_to_the_cpu_or_a_dtype_tells_no_device() -> None:
    for move in ("to('cpu')", "to(torch.float16)", "eval()"):
        assert findings(player=MOVED.format(move=move)) == [], move
