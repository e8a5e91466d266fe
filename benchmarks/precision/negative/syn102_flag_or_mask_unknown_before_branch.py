# expect: none
# targets: SYN102
# why: the branch builds a new device mask from a factory, not from the old value, and the other branch rebinds it: nothing proves the value before the `if` a tensor, so after it the mask is only maybe a tensor
import torch


def select(scores: torch.Tensor, keep, steps: int, use_topk: bool):
    for step in range(steps):
        if use_topk:
            keep = torch.ones(scores.shape, dtype=torch.bool, device=scores.device)
        else:
            keep = keep or step > 2
        if keep:
            scores = scores * 0.5
        if keep is True or keep.any():
            scores = scores + 1
    return scores
