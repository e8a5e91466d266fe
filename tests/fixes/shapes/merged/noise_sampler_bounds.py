# expect-fix: none: the dtypes are not known: one stack of an int and a float would turn the int into a float
"""The smallest positive and the largest sigma, read as arguments of one constructor
(reduced from diffusers' DPM-Solver SDE scheduler's Brownian-tree noise sampler)."""
from __future__ import annotations

import torch


class Sampler:
    def __init__(self, x: torch.Tensor, sigma_min: float, sigma_max: float, seed: int) -> None:
        self.bounds = (sigma_min, sigma_max, seed, tuple(x.shape))


def naive(sample: torch.Tensor, sigmas: torch.Tensor) -> tuple[float, float, int, tuple[int, ...]]:
    min_sigma, max_sigma = sigmas[sigmas > 0].min(), sigmas.max()
    sampler = Sampler(sample, min_sigma.item(), max_sigma.item(), 0)
    return sampler.bounds


def inputs() -> list[tuple[torch.Tensor, torch.Tensor]]:
    return [(torch.zeros(2), torch.tensor([14.6, 3.0, 0.0])), (torch.zeros(1), torch.tensor([0.5])),
            (torch.zeros(1), torch.tensor([2.0, float("nan")])),
            (torch.zeros(1), torch.tensor([2.0, 1.0]).half()),
            (torch.zeros(1), torch.tensor([0.0, 0.0]))]
