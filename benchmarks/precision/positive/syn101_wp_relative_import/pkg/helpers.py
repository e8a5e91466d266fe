import torch


def scalar(value):
    return float(value)
