# expect: none
# targets: SYN201, SYN101
# why: per-tensor reductions combined at the end: no flat copy, no host read
import torch


def nonfinite_counts(grads: list[torch.Tensor]) -> tuple[torch.Tensor, torch.Tensor]:
    nan_count = sum(torch.isnan(g).sum() for g in grads)
    inf_count = sum(torch.isinf(g).sum() for g in grads)
    return nan_count, inf_count
