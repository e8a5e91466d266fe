# expect: none
# targets: SYN301
# why: squared sums in float64
import torch


def grad_norm_fp64(grads: list[torch.Tensor]) -> torch.Tensor:
    total = torch.zeros((), dtype=torch.float64, device=grads[0].device)
    for g in grads:
        total += g.double().pow(2).sum()
    return total.sqrt()
