# expect: SYN101=2
# why: issue 22, fresh18 M3 (allennlp's BooleanAccuracy, MeanAbsoluteError): a model calls its allennlp `Metric` (`self.accuracy(logits, labels)`) on every batch it runs, in training and validation, so the `.item()` and `int()` reads of the metric's `__call__` are per-batch syncs
import torch
from allennlp.training.metrics import Metric


class BooleanAccuracy(Metric):
    def __init__(self) -> None:
        self._correct_count = 0.0
        self._total_count = 0.0

    def __call__(self, predictions: torch.Tensor, gold_labels: torch.Tensor, mask=None) -> None:
        correct = predictions.eq(gold_labels).prod(dim=1).float()
        self._correct_count += correct.sum().item()
        self._total_count += int(torch.sum(gold_labels > 0))

    def get_metric(self, reset: bool = False) -> float:
        accuracy = self._correct_count / max(self._total_count, 1.0)
        if reset:
            self.reset()
        return accuracy

    def reset(self) -> None:
        self._correct_count = 0.0
        self._total_count = 0.0
