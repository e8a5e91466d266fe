# expect: none
# targets: SYN101, SYN102
# why: a helper that makes its result on the `device=` its caller passes returns a CPU tensor where the caller passes "cpu" or leaves the default None (torch_geometric's negative sampling)
import random

import torch


def sample(population: int, k: int, device=None) -> torch.Tensor:
    if population <= k:
        return torch.arange(population, device=device)
    return torch.tensor(random.sample(range(population), k), device=device)


def negatives(idx: torch.Tensor, population: int, k: int) -> list[float]:
    out = []
    for _ in range(3):
        rnd = sample(population, k, device="cpu")
        out.append(float(rnd.numpy().sum()))
        other = sample(population, k)
        if other.max() > population:
            break
    return out
