# expect: none
# targets: SYN101
# why: guards that only look distributed: a helper named `world_size` that reads the batch, a periodic test joined to the world size, a rank test in setup code; the reads under them are not per-step settings
import torch
import torch.distributed as dist
from torch import nn

from batching import should_gather, world_size


class ViewLoss(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.step = 0

    def setup(self, proj: torch.Tensor) -> None:
        if dist.is_initialized() and dist.get_world_size() > 1:
            self.scale = proj.norm().item()

    def forward(self, proj: torch.Tensor) -> torch.Tensor:
        self.step += 1
        if world_size(proj) > 1:
            self.spread = proj.std().item()
        if dist.get_world_size() > 1 and should_gather(self.step):
            self.logged = proj.mean().item()
        return proj.pow(2).mean()
