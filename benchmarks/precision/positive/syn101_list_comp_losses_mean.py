# expect: SYN101=1
# why: np.mean over a comprehension of .item() calls: one sync per stored loss
import numpy as np
import torch


def epoch_summary(losses: list[torch.Tensor]) -> float:
    return float(np.mean([l.item() for l in losses]))
