# expect: none
# targets: SYN102, SYN101
# why: helpers return CPU tensors (a dtype-only .to(), torch.cat of a tuple of CPU tensors)
import numpy as np
import torch


def timestep_weights(sigmas: np.ndarray, like: torch.Tensor) -> torch.Tensor:
    weights = torch.from_numpy(sigmas).to(like.dtype)
    return weights / weights.sum()


def with_boundaries(weights: torch.Tensor) -> torch.Tensor:
    head = torch.zeros(1, dtype=weights.dtype)
    return torch.cat((head, weights.cpu()))
