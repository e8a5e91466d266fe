# expect: none
# targets: SYN102, SYN109
# why: `bounds` is a tensor on one branch and Python int pairs on the other: a maybe-tensor is not reported
import torch


def schedule(latents: torch.Tensor, step_matrix: torch.Tensor, prefix: int, use_mask: bool,
             update_mask: torch.Tensor):
    if not use_mask:
        bounds = [(max(i - 4, 0), i) for i in range(step_matrix.shape[0])]
    else:
        bounds = update_mask.nonzero()
    for i, t in enumerate(step_matrix):
        start, end = bounds[i]
        if start < prefix:
            latents[:, :, start:prefix] = latents[:, :, start:prefix] * 0.5
    return latents
