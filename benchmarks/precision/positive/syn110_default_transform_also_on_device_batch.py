# expect: SYN110=1
# why: the resize is one of the data module's default_transforms, but the module also applies it to each batch after the transfer to the GPU (on_after_batch_transfer, per step): the scales are 0-d device tensors there
from __future__ import annotations

from typing import Callable

import lightning.pytorch as pl
import torch
from torchvision.transforms import Compose
from torchvision.transforms import functional as T


class ResizedDetectionDataModule(pl.LightningDataModule):
    def __init__(self, width: int = 608, height: int = 608) -> None:
        super().__init__()
        self.image_size = (height, width)

    def default_transforms(self) -> Callable:
        return Compose([self._resize])

    def on_after_batch_transfer(self, batch: tuple, dataloader_idx: int) -> tuple:
        images, targets = batch
        return self._resize(images, targets)

    def _resize(self, image: torch.Tensor, target: dict) -> tuple:
        device = target["boxes"].device
        height, width = image.shape[-2:]
        original_size = torch.tensor([height, width], device=device)
        scale_y, scale_x = torch.tensor(self.image_size, device=device) / original_size
        scale = torch.tensor([scale_x, scale_y, scale_x, scale_y], device=device)
        target["boxes"] = target["boxes"] * scale
        return T.resize(image, list(self.image_size)), target
