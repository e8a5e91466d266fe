from torch import nn

from pkg.router import TopKRouter


def build(dim: int = 16) -> nn.Module:
    return nn.Sequential(nn.Linear(dim, dim), TopKRouter(dim, 4))
