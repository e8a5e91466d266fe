# expect: SYN102=1, SYN101=1
# why: fresh17 F1's look-alikes: a project decorator named `jit` (not numba's) and `torch.jit.unused` leave the function Python code: the loop's tensor test and the `.item()` per step still sync
import torch
from torch import nn


def jit(fn):
    return fn


@jit
def total(xs: list[torch.Tensor]) -> int:
    n = 0
    for x in xs:
        if x.cuda().sum() > 0:
            n += 1
    return n


class M(nn.Module):
    @torch.jit.unused
    def forward(self, x: torch.Tensor) -> float:
        return x.cuda().sum().item()
