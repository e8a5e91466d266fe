# expect: none
# targets: SYN301
# why: squares that are not summed into a norm (a Gaussian kernel)
import torch


def gaussian_weights(dist: torch.Tensor, sigma: float) -> torch.Tensor:
    w = torch.exp(-(dist ** 2) / (2 * sigma ** 2))
    return w / w.sum(dim=-1, keepdim=True)
