# expect: SYN110=2
# why: a 0-d GPU tensor (a count) used as a size: torch.zeros(n, ...) and range(n) read it on the host
import torch


def pack_selected(features: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    n = mask.sum()
    packed = torch.zeros(n, features.shape[-1], device=features.device)
    rows = torch.argsort(mask.int(), descending=True, stable=True)
    for i in range(n):
        packed[i] = features[rows[i]]
    return packed
