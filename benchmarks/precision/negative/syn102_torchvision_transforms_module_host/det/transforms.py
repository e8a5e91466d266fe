# expect: none
# targets: SYN101, SYN102, SYN104, SYN105
# why: a transforms module written on torchvision's transforms (PIL images or tensors, one sample at a time) is a data pipeline run in a Dataset: its crops and flips test CPU tensors, and `device=boxes.device` keeps the boxes where they are
import torch
import torchvision
from torch import Tensor, nn
from torchvision.transforms import functional as F
from torchvision.transforms import transforms as T


class RandomHorizontalFlip(T.RandomHorizontalFlip):
    def forward(self, image: Tensor, target: dict[str, Tensor] | None = None):
        if torch.rand(1) < self.p:
            image = F.hflip(image)
        return image, target


class RandomIoUCrop(nn.Module):
    def __init__(self, trials: int = 40):
        super().__init__()
        self.trials = trials
        self.options = [0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0]

    def forward(self, image: Tensor, target: dict[str, Tensor]) -> tuple[Tensor, dict]:
        orig_w, orig_h = F.get_image_size(image)
        while True:
            idx = int(torch.randint(low=0, high=len(self.options), size=(1,)))
            min_overlap = self.options[idx]
            for _ in range(self.trials):
                r = torch.rand(2)
                left = int((orig_w - 10) * r[0])
                top = int((orig_h - 10) * r[1])
                cx = 0.5 * (target["boxes"][:, 0] + target["boxes"][:, 2])
                cy = 0.5 * (target["boxes"][:, 1] + target["boxes"][:, 3])
                within = (left < cx) & (top < cy)
                if not within.any():
                    continue
                boxes = target["boxes"][within]
                crop = torch.tensor([[left, top, left + 10, top + 10]], dtype=boxes.dtype,
                                    device=boxes.device)
                ious = torchvision.ops.boxes.box_iou(boxes, crop)
                if ious.max() < min_overlap:
                    continue
                target["boxes"] = boxes
                return F.crop(image, top, left, 10, 10), target
