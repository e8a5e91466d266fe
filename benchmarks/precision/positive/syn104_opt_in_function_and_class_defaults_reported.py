# expect: SYN101=2, SYN104=2
# why: negative/syn104_opt_in_function_and_class_defaults.py checked with --opt-in: the opt-in reads are reported, each message naming its option
# options: opt-in
import torch
from torch import nn


class AdaptiveLR:
    def step(self, kl: float) -> None:
        pass


class Counter(nn.Module):
    use_counting = False

    def __init__(self, dim: int, scheduler: AdaptiveLR | None = None) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.scheduler = scheduler

    def forward(self, x: torch.Tensor, return_counts: bool = False) -> torch.Tensor:
        y = self.proj(x)
        if return_counts:
            self.counts = torch.unique(y.argmax(-1), return_counts=True)[1]
        if self.use_counting:
            self.total = y.sum().item()
        if isinstance(self.scheduler, AdaptiveLR):
            self.scheduler.step(y.mean().item())
        return y


class Explorer(nn.Module):
    def __init__(self, dim: int, exploration: float | None = None) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.exploration = exploration

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.proj(x)
        if self.exploration is None:
            return y.argmax(-1)
        keep = (torch.rand(y.shape[0], device=y.device) >= self.exploration).nonzero()
        return keep
