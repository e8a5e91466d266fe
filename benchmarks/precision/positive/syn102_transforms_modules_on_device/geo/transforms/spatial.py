# expect: SYN102=2
# why: GPU augmentation: a transforms package module written on kornia (run on batches already on the device, in a module's forward) and an environment transform deriving from the project's own Transform base (RL observations on the device) keep their tensor tests, though the second module imports torchvision's transforms
import kornia.augmentation as K
import torch
from torch import Tensor, nn


class RandomCropBoxes(nn.Module):
    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__()
        self.crop = K.RandomCrop(size)

    def forward(self, images: Tensor, boxes: Tensor) -> tuple[Tensor, Tensor]:
        images = self.crop(images)
        keep = boxes[:, 2] > boxes[:, 0]
        if not keep.all():
            boxes = boxes[keep]
        return images, boxes
