# expect: SYN101=1
# why: `self.meter` is a Meter (set in __init__); Meter.average() calls .item(), once per batch
import torch

from pkg.meters import Meter


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.meter = Meter()

    def fit(self, loader):
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            self.meter.update(loss)
            print(f"running loss {self.meter.average():.4f}")
