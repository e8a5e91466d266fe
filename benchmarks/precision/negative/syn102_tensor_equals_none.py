# expect: none
# targets: SYN102
# why: `Tensor.__eq__(None)` / `__ne__(None)` return Python bools without reading the tensor: `if dt == None:` on a gradient syncs nothing (fresh10 F5, torchdyn's adjoint)
import torch
from torch import nn


def adjoint_dynamics(vf: nn.Module, t: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    dx = vf(x.cuda())
    dt = torch.autograd.grad(dx.sum(), t, allow_unused=True)[0]
    if dt == None:  # noqa: E711
        dt = torch.zeros(1, device=dx.device)
    for _ in range(3):
        if dx != None:  # noqa: E711
            dt = dt + 1
    return torch.cat([dx.flatten(), dt.flatten()])
