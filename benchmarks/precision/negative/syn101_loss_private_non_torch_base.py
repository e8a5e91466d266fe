# expect: none
# targets: SYN101
# why: a private base class that is not torch's (`_Base` of the project, `_Loss` of another package) does not make `forward` a module's: no per-step role
import torch

from losslib.base import _Loss


class _Base:
    def forward(self, target: torch.Tensor) -> float:
        return float(torch.abs(target).max())


class Scaled(_Loss):
    def forward(self, target: torch.Tensor) -> float:
        return float(torch.abs(target).max()) / 1000
