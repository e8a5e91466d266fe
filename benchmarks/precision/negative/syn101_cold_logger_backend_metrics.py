# expect: none
# targets: SYN101
# why: a logger backend's log_metrics runs at the framework's logging interval on values it already turned into Python numbers (Lightning TensorBoard/LitLogger)
from collections.abc import Mapping
from typing import Optional

from lightning.fabric.loggers.logger import Logger
from torch import Tensor


class TensorBoardLogger(Logger):
    def log_metrics(self, metrics: Mapping[str, float], step: Optional[int] = None) -> None:
        for k, v in metrics.items():
            if isinstance(v, Tensor):
                v = v.item()
            self.experiment.add_scalar(k, v, step)


class LitLogger(Logger):
    def log_metrics(self, metrics: Mapping[str, float], step: Optional[int] = None) -> None:
        metrics = {k: v.item() if isinstance(v, Tensor) else v for k, v in metrics.items()}
        for key, value in metrics.items():
            self.experiment[key].append(value, step=step)
