# expect: SYN102=1
# why: a Metric state (add_state) lives on the metric's device; testing it in update syncs per batch
import torch
from torchmetrics import Metric


class RunningMax(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("best", default=torch.tensor(float("-inf")), dist_reduce_fx="max")

    def update(self, values: torch.Tensor) -> None:
        batch_max = values.max()
        if batch_max > self.best:
            self.best = batch_max

    def compute(self) -> torch.Tensor:
        return self.best
