# expect: none
# targets: SYN110
# why: a data module's default_transforms run in the dataset's workers on the host sample: the target's boxes are CPU tensors, so torch.tensor() of their 0-d scales reads host values (fresh13 F3, lightning-bolts' ResizedVOCDetectionDataModule._resize)
from __future__ import annotations

from typing import Any, Callable

import lightning.pytorch as pl
import torch
from torchvision.transforms import functional as T


class Compose:
    def __init__(self, transforms: list) -> None:
        self.transforms = transforms

    def __call__(self, image: Any, target: Any) -> tuple:
        for t in self.transforms:
            image, target = t(image, target)
        return image, target


class ResizedDetectionDataModule(pl.LightningDataModule):
    def __init__(self, width: int = 608, height: int = 608) -> None:
        super().__init__()
        self.image_size = (height, width)

    def default_transforms(self) -> Callable:
        transforms = [lambda image, target: (T.to_tensor(image), target), self._resize]
        return Compose(transforms)

    def _resize(self, image: torch.Tensor, target: dict) -> tuple:
        device = target["boxes"].device
        height, width = image.shape[-2:]
        original_size = torch.tensor([height, width], device=device)
        scale_y, scale_x = torch.tensor(self.image_size, device=device) / original_size
        scale = torch.tensor([scale_x, scale_y, scale_x, scale_y], device=device)
        target["boxes"] = target["boxes"] * scale
        return T.resize(image, list(self.image_size)), target
