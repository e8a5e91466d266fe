# expect: none
# targets: SYN108
# why: the values are read once (one stacked transfer), then compared as Python floats
import torch


def best_loss(val_losses: list[torch.Tensor]) -> float:
    values = torch.stack(val_losses).tolist()
    best = min(values)
    return max(best, 0.0)
