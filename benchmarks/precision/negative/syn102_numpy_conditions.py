# expect: none
# targets: SYN102
# why: NumPy conditions inside a loop never touch the GPU
import numpy as np
import torch


def filter_episodes(returns: list[np.ndarray]) -> torch.Tensor:
    kept = []
    for r in returns:
        if np.isnan(r).any() or (r == 0).all():
            continue
        kept.append(r.sum())
    return torch.tensor(kept)
