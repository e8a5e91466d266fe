# expect: none
# targets: SYN102
# why: `FixedScale.scale` is a float set in `__init__`; only the unrelated `LearnedScale` has a `scale` property returning a tensor
import torch
from torch import nn


class LearnedScale(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.register_buffer("log_scale", torch.zeros(()))

    @property
    def scale(self) -> torch.Tensor:
        return self.log_scale.exp()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x * self.scale


class FixedScale(nn.Module):
    def __init__(self, scale: float = 1.0) -> None:
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.scale > 1:
            x = x / self.scale
        return x
