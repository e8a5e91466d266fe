import torch


def has_nan(t: torch.Tensor):
    return torch.isnan(t).any()
