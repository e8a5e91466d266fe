# expect: none
# targets: SYN102, SYN101
# why: one .item() outside a loop, then conditions on the Python float
import math

import torch


def guarded_step(loss: torch.Tensor, optimizer, best: float) -> float:
    loss_value = loss.item()
    if not math.isfinite(loss_value):
        raise FloatingPointError(f"loss is {loss_value}")
    if loss_value < best:
        best = loss_value
    optimizer.step()
    return best
