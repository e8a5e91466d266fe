# expect: none
# targets: SYN104
# why: a single nonzero() outside any loop
import torch


def active_indices(scores: torch.Tensor, threshold: float) -> torch.Tensor:
    keep = scores > threshold
    idx = keep.nonzero().squeeze(1)
    return idx
