# expect: none
# targets: SYN109
# why: slices and indices made of Python ints and tuples are plain views
import torch


def crop(images: torch.Tensor, size: int) -> torch.Tensor:
    top = (images.shape[-2] - size) // 2
    left = (images.shape[-1] - size) // 2
    return images[..., top : top + size, left : left + size]
