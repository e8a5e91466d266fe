import torch


def mean_value(x):
    return float(x.mean())
