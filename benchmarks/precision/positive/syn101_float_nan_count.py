# expect: SYN101=1
# why: float() of a device tensor per gradient: one sync per parameter
import torch


def count_nonfinite(grads: list[torch.Tensor]) -> float:
    total = 0.0
    for g in grads:
        total += float(torch.isnan(g).sum() + torch.isinf(g).sum())
    return total
