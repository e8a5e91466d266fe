# expect: SYN301=1
# why: g.square().sum(): the same float32 squared sum spelled with square()
import torch


def squared_grad_norm(grads: list[torch.Tensor]) -> torch.Tensor:
    return torch.stack([g.square().sum() for g in grads]).sum()
