import torch


def clamp_if_large(t, limit):
    if t.abs().max() > limit:
        t.clamp_(-limit, limit)
    return t
