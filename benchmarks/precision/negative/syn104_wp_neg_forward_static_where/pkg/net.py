from torch import nn

from pkg.layer import Masked


def build():
    return nn.Sequential(Masked())
