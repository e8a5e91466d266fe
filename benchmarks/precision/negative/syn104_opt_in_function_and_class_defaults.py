# expect: none
# targets: SYN101, SYN104
# why: issue 22 (fresh8 L5): branches that a parameter's constant default (`return_counts: bool = False`), a class field default (`use_counting = False`), an `isinstance` of an option that defaults None (`self.scheduler`) or an early return while an option is unset (`exploration is None`) keep off: opt-in code, silent by default
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
