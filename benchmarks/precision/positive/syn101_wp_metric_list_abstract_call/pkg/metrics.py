from typing import Dict, List, Union

import numpy as np
import torch
from torch import Tensor


class Metric:
    def __init__(self) -> None:
        self._name = ""

    def __call__(self, y_pred: Tensor, y_true: Tensor):
        raise NotImplementedError("Custom Metrics must implement this function")


class Recall(Metric):
    def __init__(self) -> None:
        super().__init__()
        self._name = "rec"
        self.hits = 0

    def __call__(self, y_pred: Tensor, y_true: Tensor) -> np.ndarray:
        self.hits += int((y_pred.round() == y_true).sum().cpu())
        return np.array(self.hits)


class MeanError(Metric):
    def __call__(self, y_pred: Tensor, y_true: Tensor) -> Tensor:
        return (y_pred - y_true).abs().mean()


class MultipleMetrics:
    def __init__(self, metrics: List[Union[Metric, object]]) -> None:
        self._metrics = [m() if isinstance(m, type) else m for m in metrics]

    def __call__(self, y_pred: Tensor, y_true: Tensor) -> Dict[str, object]:
        logs = {}
        for metric in self._metrics:
            if isinstance(metric, Metric):
                logs[metric._name] = metric(y_pred, y_true)
        return logs
