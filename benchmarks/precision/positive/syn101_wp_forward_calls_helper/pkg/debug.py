import torch


def max_abs(t):
    return t.abs().max().item()
