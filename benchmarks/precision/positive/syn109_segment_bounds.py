# expect: SYN109=1
# why: slice bounds read from a device tensor: each bound is a host read of a GPU value
import torch


def segment_means(flat: torch.Tensor, lengths: torch.Tensor) -> list[torch.Tensor]:
    offsets = torch.cumsum(lengths, dim=0)
    means = []
    for i in range(len(lengths) - 1):
        means.append(flat[offsets[i]:offsets[i + 1]].mean())
    return means
