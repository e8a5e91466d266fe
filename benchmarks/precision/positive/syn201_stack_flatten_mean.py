# expect: SYN201=1
# why: stack of flattened per-head tensors only to take their mean
import torch


def mean_head_activation(head_outputs: list[torch.Tensor]) -> torch.Tensor:
    stacked = torch.stack([h.flatten() for h in head_outputs])
    return stacked.mean()
