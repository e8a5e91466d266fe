# expect: SYN101=1
# why: the while test calls converged(), which reads a tensor with bool(): one sync per iteration
import torch

from pkg.conv import converged


def power_iteration(a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    delta = torch.ones_like(x)
    while not converged(delta):
        y = a @ x
        y = y / y.norm()
        delta = y - x
        x = y
    return x
