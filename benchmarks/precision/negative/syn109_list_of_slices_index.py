# expect: none
# targets: SYN109
# why: a list of slices as an index is read as a tuple of slices: no host-to-device copy
import torch


def split_along(x: torch.Tensor, dim: int, chunk: int) -> list[torch.Tensor]:
    chunks = []
    for start in range(0, x.shape[dim], chunk):
        index = [slice(None)] * x.dim()
        index[dim] = slice(start, start + chunk)
        chunks.append(x[index])
    return chunks
