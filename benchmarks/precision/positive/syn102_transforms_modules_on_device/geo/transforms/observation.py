import torch
from torch import Tensor
from torchvision.transforms.functional import resize

from geo.transforms.base import Transform


class ResizeObservation(Transform):
    def forward(self, pixels: Tensor) -> Tensor:
        if (pixels > 1).any():
            pixels = pixels / 255
        return resize(pixels, [84, 84])
