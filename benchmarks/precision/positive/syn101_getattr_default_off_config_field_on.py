# expect: SYN101=1
# why: axolotl's fast async GRPO re-roll (fresh16 scan of the getattr opt-in change): `getattr(self.args, "reroll_start_fraction", 1.0) < 1.0` has an off getattr default, but the trainer's own config dataclass in the project gives the field `field(default=0.5)`: with the config the trainer is built for, the branch runs by default; `self.args` is unannotated, so the project's settings classes that give the field a default decide: reported
from dataclasses import dataclass, field

import torch
from torch import nn


@dataclass
class FastTrainerConfig:
    reroll_start_fraction: float = field(default=0.5, metadata={"help": "When re-rolls start."})
    replay_buffer_size: int = field(default=0, metadata={"help": "Groups kept for replay."})


class FastTrainer:
    def __init__(self, model: nn.Module, args) -> None:
        self.model = model.cuda()
        self.args = args
        self._reroll: list[int] = []

    def after_rewards(self, rewards: torch.Tensor, group_size: int) -> None:
        grouped = rewards.cuda().view(-1, group_size)
        if getattr(self.args, "reroll_start_fraction", 1.0) < 1.0:
            failed = (grouped.std(dim=1) == 0) & (grouped.mean(dim=1).abs() < 1e-6)
            for group_idx in range(failed.size(0)):
                self._reroll.append(int(failed[group_idx].item()))
