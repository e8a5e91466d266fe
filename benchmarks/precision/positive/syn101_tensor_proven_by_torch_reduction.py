# expect: SYN101=2
# why: `rewards` comes from a worker pool the model cannot resolve, but `torch.nanmean(rewards[:, i])` takes tensors only: from there `rewards` is a tensor, and the second loop's `.tolist()` per reward function copies a column to the host each time (axolotl's GRPO `_compute_deferred_scores`, fresh16 M2)
import torch


class Trainer:
    def __init__(self, names: list, pool) -> None:
        self.names = names
        self.pool = pool
        self.metrics = {n: [] for n in names}
        self.logs = {n: [] for n in names}

    def score(self) -> None:
        rewards = self.pool.result()
        for i, name in enumerate(self.names):
            self.metrics[name].append(torch.nanmean(rewards[:, i]).item())
        for i, name in enumerate(self.names):
            self.logs[name].extend(rewards[:, i].tolist())
