import torch

from pkg.core import read


def describe(t):
    return {"mean": read(t.mean()), "std": read(t.std())}
