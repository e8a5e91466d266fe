# expect: SYN102=1
# why: the look-alike of a layout test: `_has_negatives(x)` compares the data (`x.min() < 0`), a tensor on the GPU, and the `if` on it waits for the device
import torch


def _has_negatives(x):
    return x.dim() == 2 and x.min() < 0


def clamp_if_needed(x: torch.Tensor) -> torch.Tensor:
    x = x.cuda()
    if _has_negatives(x):
        x = x.clamp(min=0)
    return x
