# expect: none
# targets: SYN101
# why: the same `map(lambda ...)` in a loop over Python floats and NumPy scalars reads nothing from a device; a lambda stored for later (`key = lambda t: t.item()`) runs when called, not per iteration here
import numpy as np
import torch
from torch import nn


class Sampler(nn.Module):
    def __init__(self, sigmas: list[float]):
        super().__init__()
        self.sigmas = sigmas
        self.weights = np.linspace(1.0, 0.0, len(sigmas))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for sigma, sigma_next in zip(self.sigmas[:-1], self.sigmas[1:]):
            sigma, sigma_next = map(lambda s: float(s) * 2, (sigma, sigma_next))
            low, high = map(lambda w: w.item(), (self.weights[0], self.weights[-1]))
            x = x * sigma + sigma_next + low - high
        return x

    def order(self, xs: list[float]) -> list[float]:
        ranked = []
        for _ in range(3):
            ranked = sorted(xs, key=lambda v: abs(v))
        return ranked
