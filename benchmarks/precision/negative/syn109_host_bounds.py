# expect: none
# targets: SYN109
# why: the bounds are moved to the host once; slicing with Python ints never syncs
import torch


def segment_means(flat: torch.Tensor, lengths: torch.Tensor) -> list[torch.Tensor]:
    bounds = [0] + torch.cumsum(lengths, dim=0).tolist()
    means = []
    for start, end in zip(bounds, bounds[1:]):
        means.append(flat[start:end].mean())
    return means
