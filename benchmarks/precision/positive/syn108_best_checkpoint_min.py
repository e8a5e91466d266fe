# expect: SYN108=1
# why: the builtin min() compares tensors pairwise, each comparison a truth test (n syncs)
import torch


def best_validation_loss(val_losses: list[torch.Tensor]) -> torch.Tensor:
    best = min(val_losses)
    return best.detach()
