import numpy as np
import torch

from histogram import histogram_counts


def score_report(scores: np.ndarray, model_scores: torch.Tensor) -> dict[str, list[int]]:
    return {
        "dataset": histogram_counts(torch.from_numpy(scores), 10),
        "model": histogram_counts(model_scores.detach().cpu(), 20),
    }
