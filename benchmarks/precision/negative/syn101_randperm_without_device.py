# expect: none
# targets: SYN101
# why: the look-alike: `torch.randperm(n, generator=g)` names no device (its keywords are all seen), a CPU tensor
import torch


def randperm(n: int, g: torch.Generator) -> torch.Tensor:
    perm = torch.randperm(n, generator=g)
    identity = torch.arange(n)
    while torch.equal(perm, identity):
        perm = torch.randperm(n, generator=g)
    return perm
