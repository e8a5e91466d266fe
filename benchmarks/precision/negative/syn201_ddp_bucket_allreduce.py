# expect: none
# targets: SYN201
# why: a flat bucket all-reduced and copied back: used whole, not reduced
import torch
import torch.distributed as dist


def allreduce_grads(grads: list[torch.Tensor], world_size: int) -> None:
    flat = torch.cat([g.view(-1) for g in grads])
    dist.all_reduce(flat)
    flat.div_(world_size)
    offset = 0
    for g in grads:
        n = g.numel()
        g.copy_(flat[offset:offset + n].view_as(g))
        offset += n
