# expect: none
# targets: SYN102
# why: `if self.initialized: return`, where the property tests whether a lazy buffer (nn.UninitializedBuffer) is still unmaterialised, is a latch: the code after it materialises the buffers once, so the bounds check it calls runs on the first step only (torchrl's ActionScaling._ensure_initialized)
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

    def _ensure_initialized(self, low: torch.Tensor, high: torch.Tensor) -> None:
        if self.initialized:
            return
        self._init_from_bounds(low, high)

    def _init_from_bounds(self, low: torch.Tensor, high: torch.Tensor) -> None:
        if (high <= low).any():
            raise ValueError("every entry of high must exceed low")
        self.loc.materialize(shape=low.shape, dtype=low.dtype)
        self.scale.materialize(shape=low.shape, dtype=low.dtype)
        self.loc.data.copy_((high + low) / 2)
        self.scale.data.copy_((high - low) / 2)

    def forward(self, action: torch.Tensor, low: torch.Tensor, high: torch.Tensor):
        self._ensure_initialized(low, high)
        return (action - self.loc) / self.scale
