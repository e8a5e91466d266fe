import torch


def describe(t):
    return f"min={t.min().item():.3g} max={t.max().item():.3g}"
