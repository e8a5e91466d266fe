import torch


def active_indices(mask):
    return torch.nonzero(mask)
