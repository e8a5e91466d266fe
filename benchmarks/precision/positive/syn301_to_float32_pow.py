# expect: SYN301=1
# why: explicit .to(torch.float32) before a squared sum
import torch


def fp16_grad_norm(grads: list[torch.Tensor]) -> torch.Tensor:
    total = sum(g.to(torch.float32).pow(2).sum() for g in grads)
    return torch.sqrt(total)
