# expect: none
# targets: SYN301
# why: running mean / variance of observations: means of squares, not norms
import torch


class RunningMeanStd:
    def __init__(self, shape: tuple[int, ...]) -> None:
        self.mean = torch.zeros(shape)
        self.var = torch.ones(shape)
        self.count = 1e-4

    def update(self, x: torch.Tensor) -> None:
        batch_mean = x.mean(0)
        batch_var = ((x - batch_mean) ** 2).mean(0)
        n = x.shape[0]
        delta = batch_mean - self.mean
        total = self.count + n
        self.mean = self.mean + delta * n / total
        self.var = (self.var * self.count + batch_var * n + delta ** 2 * self.count * n / total) / total
        self.count = total
