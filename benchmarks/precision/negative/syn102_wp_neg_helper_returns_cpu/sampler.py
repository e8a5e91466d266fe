import numpy as np
import torch

from weights import timestep_weights, with_boundaries


def active_steps(sigmas: np.ndarray, latents: torch.Tensor, threshold: float) -> list[int]:
    weights = with_boundaries(timestep_weights(sigmas, latents))
    steps = []
    for i in range(len(weights)):
        if weights[i] > threshold:
            steps.append(i)
    return steps
