import torch
from torch import Tensor

from vision.functional import normalize


class Backbone(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3)

    def forward(self, x: Tensor) -> Tensor:
        return self.conv(normalize(x, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5]))
