# expect: SYN301=1
# why: bf16 gradients upcast with .float(): float32 is not enough for a squared sum
import torch


def bf16_grad_norm(grads: list[torch.Tensor]) -> torch.Tensor:
    sq = torch.stack([g.float().pow(2).sum() for g in grads])
    return sq.sum().sqrt()
