# expect: none
# targets: SYN101, SYN102
# why: a Metric whose update reads host metadata only, and an `update` of a plain host counter
import torch
from torchmetrics import Metric


class SampleCount(Metric):
    def __init__(self):
        super().__init__()
        self.add_state("count", default=torch.tensor(0), dist_reduce_fx="sum")

    def update(self, preds: torch.Tensor, target: torch.Tensor) -> None:
        if preds.shape != target.shape:
            raise ValueError("shapes differ")
        self.count += target.numel()

    def compute(self) -> torch.Tensor:
        return self.count


class LabelHistogram:
    def __init__(self):
        self.counts: dict[int, int] = {}

    def update(self, labels: list[int]) -> None:
        for label in labels:
            if label >= 0:
                self.counts[label] = self.counts.get(label, 0) + 1
