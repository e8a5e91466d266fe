import torch


class Meter:
    def __init__(self):
        self.sum = torch.zeros(())
        self.n = 0

    def update(self, value):
        self.sum = self.sum + value.detach()
        self.n += 1

    def average(self):
        return (self.sum / max(self.n, 1)).item()
