# expect: SYN101=1, SYN102=1
# why: the look-alike: the same helper called with the input's device (or a device parameter) returns a tensor on that device, a sync per try
import random

import torch


def sample(population: int, k: int, device=None) -> torch.Tensor:
    if population <= k:
        return torch.arange(population, device=device)
    return torch.tensor(random.sample(range(population), k), device=device)


def negatives(idx: torch.Tensor, population: int, k: int, device: torch.device) -> list[float]:
    out = []
    for _ in range(3):
        rnd = sample(population, k, device=idx.device)
        out.append(float(rnd.sum()))
        other = sample(population, k, device)
        if other.max() > population:
            break
    return out
