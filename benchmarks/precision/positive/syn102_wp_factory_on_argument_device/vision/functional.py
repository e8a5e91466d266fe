# expect: SYN102=2
# why: `torch.as_tensor(std, device=img.device)` lives where `img` does: the helper's own test is one sync, and a model's forward passing its input is one per call; a data-pipeline transform (written on torchvision's transforms) passes host images, so its call reads no device value (torchvision's normalize, seventh draw F1)
import torch
from torch import Tensor


def normalize(img: Tensor, mean: list[float], std: list[float]) -> Tensor:
    mean_t = torch.as_tensor(mean, dtype=img.dtype, device=img.device)
    std_t = torch.as_tensor(std, dtype=img.dtype, device=img.device)
    if (std_t == 0).any():
        raise ValueError(f"std evaluated to zero after conversion to {img.dtype}")
    return (img - mean_t.view(-1, 1, 1)) / std_t.view(-1, 1, 1)
