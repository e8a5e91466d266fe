import torch


def to_float(t):
    return t.item()
