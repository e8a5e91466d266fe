# expect: SYN101=2
# why: a `__call__` defined on an nn.Module subclass replaces Module.__call__ and runs on every call of the module, like forward (gpytorch's variational strategies): the buffer read there is per step
import torch
from torch import nn


class VariationalStrategy(nn.Module):
    def __init__(self, num_inducing: int) -> None:
        super().__init__()
        self.register_buffer("initialized", torch.tensor(0))
        self.inducing_points = nn.Parameter(torch.randn(num_inducing, 1))

    def __call__(self, x: torch.Tensor, prior: bool = False) -> torch.Tensor:
        if not self.initialized.item():
            self.inducing_points.data.copy_(x[: self.inducing_points.size(0)])
            self.initialized.fill_(1)
        return super().__call__(x)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x @ self.inducing_points


class Likelihood(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.noise = nn.Parameter(torch.ones(()))

    def __call__(self, f: torch.Tensor) -> torch.Tensor:
        scale = float(self.noise.clamp(min=1e-4))
        return f + scale * torch.randn_like(f)
