# expect: SYN101=1
# why: `torch.nn.modules.loss._Loss` (and `_WeightedLoss`) are `nn.Module`s: a loss deriving from one runs `forward` on every training step, so a read there is per-step
import torch
from torch.nn.modules.loss import _Loss


class RangeScaledLoss(_Loss):
    def __init__(self, reduction: str = "mean") -> None:
        super().__init__(reduction=reduction)

    def forward(self, input: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        scale = float(torch.abs(target).max()) / 1000
        return torch.mean((input - target) ** 2) / scale
