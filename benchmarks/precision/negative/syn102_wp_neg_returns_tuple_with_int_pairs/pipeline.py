# expect: none
# targets: SYN102, SYN109
# why: the third value returned is a list of Python int pairs (its annotation says list[tuple]): no tensor is read
import torch

from schedule import timestep_matrix


def denoise(model, latents: torch.Tensor, template: torch.Tensor, prefix: int):
    matrix, mask, intervals = timestep_matrix(latents.shape[2], template, 4)
    for i, t in enumerate(matrix):
        start, end = intervals[i]
        if start < prefix:
            latents[:, :, start:prefix] = model(latents[:, :, start:prefix], t)
    return latents
