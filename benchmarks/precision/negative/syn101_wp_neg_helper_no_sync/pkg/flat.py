import torch


def flat(t):
    return t.detach().reshape(-1)
