# expect: SYN301=1
# why: (g * g).sum() accumulated per gradient in float32
import torch


def grad_sq_norm(grads: list[torch.Tensor]) -> torch.Tensor:
    total = torch.zeros((), device=grads[0].device)
    for g in grads:
        total += (g * g).sum()
    return total
