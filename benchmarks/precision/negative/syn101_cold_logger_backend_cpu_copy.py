# expect: none
# targets: SYN101
# why: Comet's logger backend copies each logged value to the CPU once per logging call; the backend API wants host values
from typing import Optional, Union
from collections.abc import Mapping

from lightning.pytorch.loggers.logger import Logger
from torch import Tensor


class CometLogger(Logger):
    def log_metrics(self, metrics: Mapping[str, Union[Tensor, float]],
                    step: Optional[int] = None) -> None:
        metrics_without_epoch = dict(metrics)
        for key, val in metrics_without_epoch.items():
            if isinstance(val, Tensor):
                metrics_without_epoch[key] = val.cpu().detach()
        epoch = metrics_without_epoch.pop("epoch", None)
        self.experiment.log_metrics(metrics_without_epoch, step=step, epoch=epoch)
