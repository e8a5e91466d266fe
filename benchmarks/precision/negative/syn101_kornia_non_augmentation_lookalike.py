# expect: none
# targets: SYN101
# why: methods named like kornia's augmentation steps (apply_transform, generate_parameters) on a class that is not a kornia augmentation run when their caller says; nothing here calls them per step
from typing import Dict

import torch


class ReportBuilder:
    def __init__(self, scores: torch.Tensor) -> None:
        self.scores = scores

    def generate_parameters(self) -> Dict[str, float]:
        return {"best": float(self.scores.max())}

    def apply_transform(self, image: torch.Tensor) -> list[float]:
        return image.mean(dim=(1, 2)).tolist()
