# expect: none
# targets: SYN101
# why: .tolist() of NumPy arrays in a loop
import numpy as np
import torch


def round_scores(score_arrays: list[np.ndarray]) -> list[list[float]]:
    rounded = []
    for scores in score_arrays:
        rounded.append(np.round(scores, 3).tolist())
    return rounded


def as_tensor(rounded: list[list[float]]) -> torch.Tensor:
    return torch.tensor(rounded)
