# expect: SYN102=1
# why: `self.total` is a tensor set in __init__; `if self.total > 1e6` in another method syncs
import torch


class RewardTracker:
    def __init__(self, device):
        self.total = torch.zeros((), device=device)
        self.count = 0

    def add(self, reward):
        self.total += reward
        self.count += 1

    def overflowing(self) -> bool:
        if self.total > 1e6:
            return True
        return False
