# expect: SYN101=2
# why: negative/syn101_opt_in_dataclass_field_default.py checked with --opt-in (fresh16 L1a): the per-group reads are reported, naming `args.streaming_partial_batch=True` and `args.min_reward_std` set
# options: opt-in
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
