# expect: SYN112=1
# why: float() of two device tensors in one return: two syncs
import torch


def bounds(weights: torch.Tensor) -> tuple[float, float]:
    low = weights.min()
    high = weights.max()
    return float(low), float(high)
