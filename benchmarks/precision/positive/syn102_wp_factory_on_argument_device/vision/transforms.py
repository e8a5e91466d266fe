import torch
from torch import Tensor
from torchvision.transforms import functional as TF

from vision.functional import normalize


class Normalize(torch.nn.Module):
    def __init__(self, mean: list[float], std: list[float]):
        super().__init__()
        self.mean, self.std = mean, std

    def forward(self, img: Tensor) -> Tensor:
        return normalize(img, self.mean, self.std)


class ClassificationPreset(torch.nn.Module):
    def forward(self, img) -> Tensor:
        img = TF.pil_to_tensor(img).float()
        return normalize(img, [0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
