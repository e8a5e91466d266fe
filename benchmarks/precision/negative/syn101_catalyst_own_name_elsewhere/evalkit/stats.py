# expect: none
# targets: SYN101
# why: a project's own class named ICallbackBatchMetric outside catalyst's package is not catalyst's: its subclass's update runs once per evaluation report, so its .cpu() copies do not repeat
import torch

from evalkit.base import ICallbackBatchMetric


class Summary(ICallbackBatchMetric):
    def update(self, outputs: torch.Tensor, targets: torch.Tensor) -> dict:
        outputs = outputs.cpu()
        targets = targets.cpu()
        return {"accuracy": float((outputs.argmax(1) == targets).float().mean())}


def evaluate(outputs: torch.Tensor, targets: torch.Tensor) -> dict:
    return Summary().update(outputs, targets)
