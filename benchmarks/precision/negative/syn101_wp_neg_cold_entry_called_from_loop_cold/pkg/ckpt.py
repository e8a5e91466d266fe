import torch


def best_metric(history: torch.Tensor) -> float:
    return history.max().item()
