# expect: none
# targets: SYN102
# why: self.total is a Python float (accumulated from .item() once per episode): no tensor test
import torch


class Tracker:
    def __init__(self):
        self.total = 0.0

    def add(self, episode_return: float) -> None:
        self.total += episode_return

    def overflowing(self) -> bool:
        if self.total > 1e6:
            return True
        return False
