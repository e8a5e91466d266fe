# expect: SYN101=2
# why: a test of the distributed world size or of an initialised process group is a setting of the run (the same on every step of a multi-GPU run), not a rare path: the reads under it run on every step; `gather_distributed` defaults False, so its branch is opt-in code (checked with --opt-in; the world-size test alone stays reported by default)
# options: opt-in
import torch
import torch.distributed as dist
from torch import nn


class GatheredLoss(nn.Module):
    def __init__(self, gather_distributed: bool = False) -> None:
        super().__init__()
        self.gather_distributed = gather_distributed

    def forward(self, proj: torch.Tensor) -> torch.Tensor:
        n = proj.size(-2)
        if self.gather_distributed and dist.get_world_size() > 1:
            count = torch.tensor(float(n), device=proj.device)
            dist.all_reduce(count)
            n = int(count.item())
        loss = proj.sum() / n
        if torch.distributed.is_initialized():
            reduced = loss.detach().clone()
            dist.all_reduce(reduced)
            self.last_loss = reduced.item()
        return loss
