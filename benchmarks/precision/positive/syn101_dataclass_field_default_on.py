# expect: SYN101=2
# why: look-alikes of negative/syn101_opt_in_dataclass_field_default.py that stay reported by default: a field whose `field(default=True)` turns the branch on, and a field built by `default_factory` (no literal default: the model trusts none)
from dataclasses import dataclass, field

import torch
from torch import nn


@dataclass
class GroupScoringConfig:
    per_group_stats: bool = field(default=True, metadata={"help": "Log each group."})
    tracked_groups: list[int] = field(default_factory=lambda: [0, 1])
    group_size: int = 8


class GroupScorer:
    def __init__(self, model: nn.Module, args: GroupScoringConfig) -> None:
        self.model = model.cuda()
        self.args = args

    def score(self, rewards: torch.Tensor) -> list[float]:
        rewards = rewards.cuda()
        out: list[float] = []
        if self.args.per_group_stats:
            for group in rewards.split(self.args.group_size):
                out.append(group.mean().item())
        if self.args.tracked_groups:
            for group in rewards.split(self.args.group_size):
                out.append(group.max().item())
        return out
