# expect: SYN102=1
# why: look-alike of `dt == None`: `dt == 0` on a device tensor is a tensor, and its truth test reads it on every iteration
import torch


def adjoint_loop(ts: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    for t in ts:
        dt = (x.cuda() * t).sum()
        if dt == 0:
            break
        x = x + dt
    return x
