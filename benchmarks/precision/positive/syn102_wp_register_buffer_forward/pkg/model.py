import torch
from torch import nn

from pkg.layers import WarmupScale


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.scale = WarmupScale(100)

    def forward(self, x):
        return self.scale(self.fc(x))
