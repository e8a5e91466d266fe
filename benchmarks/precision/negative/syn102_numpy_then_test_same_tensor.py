# expect: none
# targets: SYN102
# why: after scores.numpy() has run, scores is a CPU tensor (the call raises on a GPU one): testing it later in the same block reads host memory
import numpy as np
import torch


def summarize(scores: torch.Tensor) -> dict:
    values = scores.numpy()
    if scores.max() > 1.0:
        values = values / values.max()
    return {"hist": np.histogram(values, bins=10)}
