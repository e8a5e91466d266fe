# expect: none
# targets: SYN101
# why: Counter.mean() works on Python numbers: calling it per batch never syncs
import torch

from pkg.meter import Counter


class Trainer:
    def __init__(self):
        self.times = Counter()

    def fit(self, loader, step):
        for batch in loader:
            self.times.add(step(batch))
            print(f"avg step time {self.times.mean():.3f}s")
