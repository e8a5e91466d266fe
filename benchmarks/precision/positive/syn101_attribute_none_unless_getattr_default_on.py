# expect: SYN101=1
# why: look-alike of negative/syn101_opt_in_attribute_none_unless_getattr.py that stays reported by default: the getattr default (64) turns the buffer on, so `self._replay_buffer is not None` holds on the default path
import torch
from torch import nn


class ReplayBuffer:
    def __init__(self, max_size: int) -> None:
        self.max_size = max_size
        self.items: list[tuple[float, dict]] = []

    def add(self, score: float, group: dict) -> None:
        self.items.append((score, group))
        self.items = sorted(self.items, key=lambda item: -item[0])[: self.max_size]


class GroupTrainer:
    def __init__(self, model: nn.Module, args) -> None:
        self.model = model.cuda()
        self.args = args
        if getattr(self.args, "replay_buffer_size", 64) > 0:
            self._replay_buffer = ReplayBuffer(max_size=self.args.replay_buffer_size)
        else:
            self._replay_buffer = None

    def after_advantages(self, data: dict, advantages: torch.Tensor, group_size: int) -> None:
        if self._replay_buffer is not None:
            groups = advantages.cuda().view(-1, group_size)
            for index in range(groups.size(0)):
                score = groups[index].abs().sum().item()
                self._replay_buffer.add(score, {"index": index})
