# expect: none
# targets: SYN101
# why: look-alike of positive/syn101_allennlp_metric_call_per_batch.py: a project's own `Metric` base (not allennlp's, outside allennlp's package) and a plain class with a `__call__` have no framework calling them per batch; their reads are one-off
import torch


class Metric:
    def reset(self) -> None:
        raise NotImplementedError


class BooleanAccuracy(Metric):
    def __init__(self) -> None:
        self._correct_count = 0.0

    def __call__(self, predictions: torch.Tensor, gold_labels: torch.Tensor) -> None:
        self._correct_count += predictions.eq(gold_labels).sum().item()


class Scorer:
    def __call__(self, predictions: torch.Tensor) -> int:
        return int(predictions.argmax())
