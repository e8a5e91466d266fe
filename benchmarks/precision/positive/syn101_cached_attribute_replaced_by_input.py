# expect: SYN101=1
# why: a cache made on the CPU in __init__ but replaced by the module's input in forward holds the input (a GPU tensor) from the second call on: torch.equal with it syncs every forward (gpytorch MultiDeviceKernel)
import torch
from torch import nn


class KernelCache(nn.Module):
    def __init__(self):
        super().__init__()
        self._cached_x2 = torch.empty(1)
        self._cached_kernels = None

    def forward(self, x1, x2):
        if not torch.equal(x2, self._cached_x2):
            self._cached_x2 = x2
            self._cached_kernels = x1 @ x2.T
        return self._cached_kernels
