# expect: SYN102=2
# why: `if not self.initialized: return` leaves the rest of the method to every step once the lazy buffer is materialised: the bounds check it calls runs per forward (its own test, and the call in forward), the latch's other polarity
import torch
from torch import nn


class ActionScaling(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("loc", nn.UninitializedBuffer())
        self.register_buffer("scale", nn.UninitializedBuffer())

    @property
    def initialized(self) -> bool:
        return not isinstance(self.loc, nn.UninitializedBuffer)

    def _check_action(self, action: torch.Tensor) -> None:
        if not self.initialized:
            return
        self._within_bounds(action)

    def _within_bounds(self, action: torch.Tensor) -> None:
        if ((action - self.loc).abs() > self.scale).any():
            raise ValueError("action out of bounds")

    def forward(self, action: torch.Tensor):
        self._check_action(action)
        return (action - self.loc) / self.scale
