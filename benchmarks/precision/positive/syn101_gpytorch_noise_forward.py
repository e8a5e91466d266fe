# expect: SYN101=1
# why: gpytorch's `Noise` is an `nn.Module` (through gpytorch's `Module`): a class whose only module base is gpytorch's runs its `forward` on every likelihood call, and `torch.equal` of two tensors there reads the comparison on the host (eighth draw M5, botorch's SparseOutlierNoise at sparse_outlier_noise.py:410)
import torch
from gpytorch.likelihoods.noise_models import Noise
from torch import Tensor


class Outliers(Noise):
    def __init__(self, cached: Tensor):
        super().__init__()
        self.cached = cached

    def forward(self, X: Tensor | None = None) -> Tensor | None:
        if X is not None and torch.equal(X, self.cached):
            return X
        return None
