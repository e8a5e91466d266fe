# expect: SYN102=2
# why: `orthonormalize` also runs in `forward`, on every call of the module, with its loop's `if x.norm() > 2 * eps:` testing a GPU tensor per vector (the loop's test and the call in `forward` are reported); the recursive `_paths`, reached only from `__init__`, stays silent (the look-alike `negative/syn102_wp_basis_built_in_init` calls both only from `__init__`)
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
        return x @ orthonormalize(self.basis)
