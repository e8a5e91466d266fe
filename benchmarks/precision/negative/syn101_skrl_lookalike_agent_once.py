# expect: none
# targets: SYN101
# why: a project's own class named Agent (no skrl base) whose update() is called once, and a skrl agent's init(), which runs once before training: neither read repeats
import torch
from skrl.agents.torch import Agent as SkrlAgent


class Agent:
    def __init__(self, policy: torch.nn.Module):
        self.policy = policy
        self.summary: dict[str, float] = {}

    def update(self, weights: torch.Tensor) -> None:
        self.summary["std"] = weights.std().item()


class MyPPO(SkrlAgent):
    def init(self, *, trainer_cfg=None) -> None:
        super().init(trainer_cfg=trainer_cfg)
        self.initial_std = self.policy.distribution(role="policy").stddev.mean().item()


def summarize(policy: torch.nn.Module) -> dict[str, float]:
    agent = Agent(policy)
    agent.update(next(policy.parameters()))
    return agent.summary
