# expect: none
# targets: SYN102
# why: the public `orthonormalize` and the recursive private `_paths` are reached only from `ReducedProducts.__init__` (e3nn's ReducedTensorProducts builds its basis with `orthonormalize` and `_wigner_nj`, fresh10 L4): they run once per module built, not per step
import torch
from torch import nn

from linalg import _paths, orthonormalize


class ReducedProducts(nn.Module):
    def __init__(self, n: int, device: torch.device) -> None:
        super().__init__()
        basis = torch.randn(n, n, device=device)
        self.register_buffer("basis", orthonormalize(basis))
        self.paths = _paths(n, device)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x @ self.basis
