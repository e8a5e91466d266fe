# expect: none
# targets: SYN101
# why: axolotl's AsyncGRPOConfig (issue 22, fresh16 L1a): a dataclass field declared `field(default=False, metadata=...)` has the default False just as `name: bool = False` does; the streaming and flat-group branches run only in runs that set them: opt-in code, silent by default
from dataclasses import dataclass, field

import torch
from torch import nn


@dataclass
class GroupScoringConfig:
    streaming_partial_batch: bool = field(
        default=False,
        metadata={"help": "Score prompt groups one at a time instead of the whole batch."},
    )
    min_reward_std: float = field(default=0.0, metadata={"help": "Skip flat groups."})
    group_size: int = 8


class GroupScorer:
    def __init__(self, model: nn.Module, args: GroupScoringConfig) -> None:
        self.model = model.cuda()
        self.args = args

    def score(self, ids: torch.Tensor, rewards: torch.Tensor) -> list[float]:
        rewards = rewards.cuda()
        out: list[float] = []
        if self.args.streaming_partial_batch:
            for group in rewards.split(self.args.group_size):
                out.append(group.mean().item())
        if self.args.min_reward_std:
            for group in rewards.split(self.args.group_size):
                if group.std().item() < self.args.min_reward_std:
                    out.append(0.0)
        return out
