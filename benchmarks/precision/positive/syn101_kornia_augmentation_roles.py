# expect: SYN101=2
# why: kornia runs an augmentation's apply_transform and generate_parameters once per augmentation call, that is per training batch: a host read of the batch's parameters there repeats every step
from typing import Any, Dict, Optional

import torch
from kornia.augmentation import IntensityAugmentationBase2D
from kornia.augmentation._2d.base import AugmentationBase2D


class RandomRain(IntensityAugmentationBase2D):
    def apply_transform(self, image: torch.Tensor, params: Dict[str, torch.Tensor],
                        flags: Dict[str, Any], transform: Optional[torch.Tensor] = None
                        ) -> torch.Tensor:
        drops = params["number_of_drops"].tolist()
        out = image.clone()
        out[:, :, : drops[0]] = 1.0
        return out


class RandomShift(AugmentationBase2D):
    def generate_parameters(self, batch_shape: tuple[int, ...]) -> Dict[str, torch.Tensor]:
        shift = torch.randint(0, 8, (batch_shape[0],), device=self.device)
        largest = int(shift.max())
        return {"shift": shift, "largest": torch.tensor(largest)}
