import torch
from torch import nn

from vision import VisionModel


class VLModel(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.visual = VisionModel(dim)

    def get_image_features(self, pixel_values: torch.FloatTensor, image_grid_thw: torch.LongTensor) -> list[torch.Tensor]:
        return self.visual(pixel_values, grid_thw=image_grid_thw)
