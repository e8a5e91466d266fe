# expect: none
# targets: SYN101, SYN102
# why: the base's `predict_and_target` calls `self.predict`, which two tasks override; from the node task's own `forward` it runs the node task's `predict`, which reads nothing on the host, never the other task's `.item()` (torchdrug's `Task.predict_and_target` and `Retrosynthesis.predict` beside `NodePropertyPrediction`)
import torch
from torch import nn


class Task(nn.Module):
    def predict_and_target(self, batch):
        return self.predict(batch), self.target(batch)

    def predict(self, batch):
        raise NotImplementedError

    def target(self, batch):
        return batch["label"]


class Retrosynthesis(Task):
    def predict(self, batch):
        scores = batch["graph"].cuda().sum(-1)
        scale = scores.max().item()
        return scores / scale


class NodePropertyPrediction(Task):
    def __init__(self) -> None:
        super().__init__()
        self.head = nn.Linear(8, 1)

    def predict(self, batch):
        return self.head(batch["graph"])

    def forward(self, batch):
        pred, target = self.predict_and_target(batch)
        return (pred - target).pow(2).mean()
