# expect: none
# targets: SYN101
# why: .item() and float() on NumPy values inside a loop never sync
import numpy as np
import torch


def summarize_episode_returns(episodes: list[list[float]]) -> torch.Tensor:
    out = []
    for rewards in episodes:
        arr = np.asarray(rewards, dtype=np.float64)
        out.append(arr.sum().item())
        out.append(float(np.mean(arr)))
    return torch.tensor(out)
