# expect: none
# targets: SYN101
# why: a project class named like catalyst's BinaryStatisticsMetric, in a file that imports no catalyst and derives from no catalyst class: its update is called once, on a whole evaluation's outputs, so its .cpu() copies do not repeat
import torch


class BinaryStatisticsMetric:
    def __init__(self) -> None:
        self.tp = 0
        self.fp = 0

    def update(self, outputs: torch.Tensor, targets: torch.Tensor) -> None:
        outputs = outputs.cpu().detach()
        targets = targets.cpu().detach()
        self.tp = int(((outputs > 0.5) & (targets > 0)).sum())
        self.fp = int(((outputs > 0.5) & (targets == 0)).sum())


def report(outputs: torch.Tensor, targets: torch.Tensor) -> dict:
    metric = BinaryStatisticsMetric()
    metric.update(outputs, targets)
    return {"tp": metric.tp, "fp": metric.fp}
