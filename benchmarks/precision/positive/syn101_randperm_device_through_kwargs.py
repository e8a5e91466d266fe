# expect: SYN101=1
# why: `torch.randperm(n, **kwargs)` makes its tensor on the device the caller's kwargs name (kornia's random generator passes device=): the loop's `torch.equal` may read a GPU tensor on every try
import torch


def randperm(n: int, **kwargs) -> torch.Tensor:
    perm = torch.randperm(n, **kwargs)
    identity = torch.arange(n, device=perm.device)
    while torch.equal(perm, identity):
        perm = torch.randperm(n, **kwargs)
    return perm


def generate(batch: int, device: torch.device) -> torch.Tensor:
    return randperm(batch, device=device)
