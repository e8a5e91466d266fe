# expect: none
# targets: SYN104
# why: boolean masks and unique on NumPy arrays in a loop
import numpy as np
import torch


def positive_rewards(batches: list[np.ndarray]) -> torch.Tensor:
    out = []
    for rewards in batches:
        pos = rewards[rewards > 0]
        out.append(len(np.unique(pos)))
    return torch.tensor(out)
