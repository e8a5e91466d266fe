import torch

from pkg.debug import report


def main(model):
    stats = report(model)
    print(stats)
