# expect: SYN101=1
# why: the project helper returns the distributed world size (a setting of the run): under `world_size() > 1` the read runs on every forward of a multi-GPU run; `gather_distributed` defaults False: opt-in code (checked with --opt-in)
# options: opt-in
import torch
import torch.distributed as dist
from torch import nn

import dist_utils


class SIGRegLoss(nn.Module):
    def __init__(self, gather_distributed: bool = False) -> None:
        super().__init__()
        self.gather_distributed = gather_distributed

    def forward(self, proj: torch.Tensor) -> torch.Tensor:
        num_samples = proj.size(-2)
        if self.gather_distributed and dist_utils.world_size() > 1:
            count = torch.tensor(float(num_samples), device=proj.device)
            dist.all_reduce(count)
            num_samples = int(count.item())
        return proj.pow(2).mean() / num_samples
