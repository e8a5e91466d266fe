# expect: SYN201=1
# why: count of exactly-zero gradient entries over a concatenated flat copy
import torch


def dead_gradient_entries(grads: list[torch.Tensor]) -> torch.Tensor:
    flat = torch.cat([g.flatten() for g in grads])
    return (flat == 0).sum()
