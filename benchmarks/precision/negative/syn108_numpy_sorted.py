# expect: none
# targets: SYN108
# why: NumPy arrays and Python numbers: comparisons never touch a GPU
import numpy as np
import torch


def summarize(scores: np.ndarray, lengths: list[int]) -> tuple[float, int, list[float]]:
    top = max(np.abs(scores))
    longest = max(lengths)
    ranked = sorted(scores.tolist())
    return float(top), longest, ranked
