# expect: none
# targets: SYN101
# why: guards on the data of the step (a size, a local computed from the batch, the batch index) or a diagnostics switch are not settings: the reads under them may run rarely
import torch
from torch import nn


class Stats(nn.Module):
    def __init__(self, verbose: bool = False) -> None:
        super().__init__()
        self.verbose = verbose
        self.proj = nn.Linear(16, 16)

    def forward(self, x: torch.Tensor, batch_idx: int = 0) -> torch.Tensor:
        y = self.proj(x.cuda())
        if y.numel() > 1_000_000:
            self.big = y.float().std().item()
        tiny = y.abs().amax(dim=-1) < 1e-6
        found = tiny.sum(dim=0)
        if found is not None and self.verbose:
            print(y.mean().item())
        if batch_idx == 0:
            self.first = y.mean().item()
        return y
