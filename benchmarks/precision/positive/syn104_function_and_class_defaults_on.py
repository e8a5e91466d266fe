# expect: SYN101=2, SYN104=1
# why: the look-alike of negative/syn104_opt_in_function_and_class_defaults.py: defaults that turn the branches on (`return_counts=True`, `use_counting = True`), an option without a visible default (`self.cfg.kl` of an unannotated config), a guard on a local that is no setting: reported by default
import torch
from torch import nn


class Counter(nn.Module):
    use_counting = True

    def __init__(self, dim: int, cfg) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.cfg = cfg

    def forward(self, x: torch.Tensor, return_counts: bool = True) -> torch.Tensor:
        y = self.proj(x)
        if return_counts:
            self.counts = torch.unique(y.argmax(-1), return_counts=True)[1]
        if self.use_counting:
            self.total = y.sum().item()
        if self.cfg.kl_threshold:
            self.kl = y.mean().item()
        return y
