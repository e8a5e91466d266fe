# expect: SYN101=2
# why: catalyst's own batch metrics derive from its project class ICallbackBatchMetric, whose update a BatchMetricCallback calls from on_batch_end on every batch: each .cpu() of the batch's outputs and targets is one sync per batch
from collections import defaultdict

import numpy as np
import torch

from catalyst.metrics._metric import ICallbackBatchMetric


def get_binary_statistics(outputs: torch.Tensor, targets: torch.Tensor):
    tp = ((outputs > 0.5) & (targets > 0)).sum()
    fp = ((outputs > 0.5) & (targets == 0)).sum()
    return tp, fp


class BinaryStatisticsMetric(ICallbackBatchMetric):
    def __init__(self, compute_on_call: bool = True):
        super().__init__(compute_on_call=compute_on_call)
        self.statistics = defaultdict(lambda: np.zeros(shape=(2,)))

    def update(self, outputs: torch.Tensor, targets: torch.Tensor):
        tp, fp = get_binary_statistics(
            outputs=outputs.cpu().detach(), targets=targets.cpu().detach()
        )
        self.statistics["tp"] += tp.numpy()
        self.statistics["fp"] += fp.numpy()
        return tp, fp

    def compute(self):
        return self.statistics
