# expect: none
# targets: SYN101
# why: the loop calls only `Metric`s (the isinstance test), whose one subclass keeps its result on the device; `PrintLogger`, which reads on the host, is no `Metric`, so a call there never reaches it
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
