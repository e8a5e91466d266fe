# expect: none
# targets: SYN101
# why: the reads run only when a caller moves `mode` or `eps` off their defaults, and this caller passes values that change from step to step (the batch's own choice), so no branch is known to run every step
import torch
from torch import nn

from scale import scaled


class ScaledLoss(nn.Module):
    def forward(self, x: torch.Tensor, batch_idx: int) -> torch.Tensor:
        mode = "fixed" if batch_idx % 100 else "adaptive"
        eps = -1.0 if batch_idx % 100 else 0.1
        return scaled(x.cuda(), mode, eps).pow(2).mean()
