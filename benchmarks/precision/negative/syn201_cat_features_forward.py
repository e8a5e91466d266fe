# expect: none
# targets: SYN201
# why: features concatenated and fed to a network, not reduced
import torch
from torch import nn


class GoalConditionedCritic(nn.Module):
    def __init__(self, obs_dim: int, goal_dim: int) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim + goal_dim, 256), nn.ReLU(), nn.Linear(256, 1))

    def forward(self, obs: torch.Tensor, goal: torch.Tensor) -> torch.Tensor:
        x = torch.cat([obs.flatten(1), goal.flatten(1)], dim=-1)
        return self.net(x)
