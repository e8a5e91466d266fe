# expect: SYN101=1
# why: torchmetrics Metric.update runs once per batch; int() of a device count syncs each time
import torch
from torchmetrics import Metric


class TopKHits(Metric):
    def __init__(self, k: int = 5):
        super().__init__()
        self.k = k
        self.add_state("hits", default=torch.tensor(0), dist_reduce_fx="sum")
        self.total = 0

    def update(self, preds, target):
        topk = preds.topk(self.k, dim=-1).indices
        self.hits += (topk == target.unsqueeze(-1)).any(dim=-1).sum()
        self.total += int((target >= 0).sum())

    def compute(self):
        return self.hits.float() / self.total
