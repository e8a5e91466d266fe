# expect: SYN102>=1
# why: `or` of two tensor reductions used as an if test (two bool conversions)
import torch


def skip_bad_batch(loss: torch.Tensor, grads: list[torch.Tensor]) -> bool:
    for g in grads:
        if torch.isnan(g).any() or torch.isinf(g).any():
            return True
    return False
